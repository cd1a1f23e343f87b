import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/client.ts';
import type { JobQueue, Attempt } from '../../lib/jobs/job-queue.ts';
import { storeImage } from '../../lib/media/images.ts';
import { NotAVideoError, probeVideo, type VideoProbe } from '../../lib/media/probe.ts';
import { makeTeaser, makeThumbnailStrip, takePoster, transcodeHls } from '../../lib/media/transcode.ts';
import type { HlsManifest, StoredFile } from '../../lib/media/media-types.ts';
import { localCopy } from '../../lib/storage/local-copy.ts';
import { contentTypeOf, type Storage } from '../../lib/storage/storage.ts';
import { recordMediaAsset } from '../media-library/media-library.repository.ts';
import { ADMINS_ROOM, type MediaProgress } from '../../../shared/socket-events.ts';
import type { EmitToRoom } from '../../types.ts';
import type { SiteChanges } from '../../lib/runtime/site-changes.ts';
import { findProcessingVideos, findVideoMedia, restartVideoMedia, updateVideoMedia, type MediaValues, type VideoMediaRow } from './media.repository.ts';

export const MEDIA_QUEUE = 'media';

/** One job: make everything a video needs from its source, or (`only: 'teaser'`) just its teaser again. */
export interface MediaJob {
  videoId: string;
  uploadId: string | null;
  only?: 'teaser';
}

/** What the pipeline needs of the resumable uploads: a finished upload's bytes as a local file, and its removal. */
export interface UploadSource {
  find(id: string): Promise<{ name: string; size: number; mimeType: string | null; state: string; userId?: string | null } | null>;
  localFile(id: string): Promise<{ path: string; cleanup: () => Promise<void> }>;
  remove(id: string): Promise<void>;
}

interface Deps {
  db: Db;
  storage: Storage;
  queue: JobQueue;
  uploads: UploadSource;
  emit: EmitToRoom;
  /** Told when a video becomes ready or fails: what the site shows changed (its lists, its page), so caches empty. */
  changes: Pick<SiteChanges, 'publish'>;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

const EXTENSIONS: Record<string, string> = { 'video/mp4': 'mp4', 'video/quicktime': 'mov', 'video/webm': 'webm', 'video/x-matroska': 'mkv' };
/** Progress is written (and pushed to admins) at most this often while a step runs. */
const PROGRESS_EVERY_MS = 1000;

/**
 * The media pipeline: a video's source (a resumable upload, or a file already in storage) becomes HLS renditions, a
 * poster when it has none, a thumbnail strip and a teaser, all in storage; the row goes `processing` → `ready` (or
 * `failed` with the reason). Runs as jobs of the queue, so it survives restarts and can run in a worker process.
 */
export class MediaPipeline {
  private readonly d: Deps;
  constructor(deps: Deps) {
    this.d = deps;
  }

  /**
   * Creates the queue: three attempts with backoff; a job whose worker stops sending heartbeats is handed out again;
   * one job at a time per video and source (`exclusive`: a second send while one waits or runs is dropped).
   */
  async define(): Promise<void> {
    await this.d.queue.define(MEDIA_QUEUE, {
      policy: 'exclusive',
      retryLimit: 2,
      retryBackoff: true,
      retryDelay: 10,
      heartbeatSeconds: 10,
      expireInSeconds: 6 * 3600,
    });
  }

  /**
   * Queues every video still waiting for its streams (a seeded demo clip, or a save whose job was never sent because
   * the process stopped in between); those already queued or running are left as they are. Run at start.
   */
  async resume(): Promise<number> {
    const waiting = await findProcessingVideos(this.d.db);
    for (const row of waiting) await this.queueRun(row);
    return waiting.length;
  }

  /** Runs media jobs in this process, `concurrency` at once. */
  work(concurrency: number): Promise<void> {
    return this.d.queue.work<MediaJob>(MEDIA_QUEUE, concurrency, (job, attempt) => this.run(job, attempt));
  }

  /** After a video was saved: queues its processing when it has a new file, or a new teaser when only its start moved. */
  async saved(videoId: string, change: { newSource: boolean; newTeaser: boolean }): Promise<void> {
    const row = await findVideoMedia(this.d.db, videoId);
    if (!row) return;
    if (change.newSource && row.mediaState === 'processing') await this.queueRun(row);
    // A priced video needs a teaser: a new start, or a price on a video that had none.
    else if (row.isSale && row.mediaState === 'ready' && (change.newTeaser || !row.teaser))
      await this.d.queue.send(MEDIA_QUEUE, { videoId, uploadId: row.uploadId, only: 'teaser' } satisfies MediaJob, {
        singletonKey: `${videoId}:teaser:${row.teaserStart}`,
      });
  }

  /**
   * Puts a failed video through the pipeline again (the back office's retry); null when it had not failed. The failed
   * job may still be finishing (it marks the video failed, then returns), so the new one has a key of its own: only one
   * retry per failure gets here, as the row moves from `failed` to `processing` once.
   */
  async retry(videoId: string): Promise<VideoMediaRow | null> {
    const row = await restartVideoMedia(this.d.db, videoId);
    if (row) {
      this.announce(row);
      await this.queueRun(row, `again:${randomBytes(6).toString('hex')}`);
    }
    return row;
  }

  private queueRun(row: VideoMediaRow, round?: string) {
    return this.d.queue.send(MEDIA_QUEUE, { videoId: row.id, uploadId: row.uploadId } satisfies MediaJob, {
      singletonKey: [row.id, row.uploadId ?? 'stored', ...(round ? [round] : [])].join(':'),
    });
  }

  private async run(job: MediaJob, attempt: Attempt): Promise<void> {
    const row = await findVideoMedia(this.d.db, job.videoId);
    // Withdrawn, or its file replaced since (a newer job has it).
    if (!row || row.uploadId !== job.uploadId) return;
    if (job.only === 'teaser') return this.remakeTeaser(row, attempt);
    if (row.mediaState !== 'processing') return;
    const progress = this.progress(row);
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-transcode-'));
    let source: { path: string; cleanup: () => Promise<void> } | null = null;
    try {
      await progress.step('Reading the file', 1);
      source = row.uploadId ? await this.d.uploads.localFile(row.uploadId) : await localCopy(this.d.storage, row.video.key);
      const probe = await probeVideo(source.path);
      const prefix = `videos/${row.id}/${randomBytes(6).toString('hex')}`;
      const values: MediaValues = {};
      let uploader: string | null = null;
      if (row.uploadId) {
        await progress.step('Keeping the original', 3);
        uploader = (await this.d.uploads.find(row.uploadId))?.userId ?? null;
        values.video = await this.keepOriginal(row.uploadId, source.path, prefix, probe);
      } else values.video = { ...row.video, duration: probe.duration, width: probe.width, height: probe.height };
      await progress.step('Making the renditions', 5);
      const hlsDir = path.join(work, 'hls');
      const made = await transcodeHls(source.path, hlsDir, probe, { signal: attempt.signal, onProgress: (f) => progress.at(5 + f * 75) });
      await progress.step('Taking the poster and the thumbnail strip', 81);
      if (!row.thumbnail) {
        const poster = path.join(work, 'poster.jpg');
        await takePoster(source.path, poster, Math.min(2, probe.duration / 3));
        values.thumbnail = await storeImage(this.d.storage, await fs.readFile(poster));
      }
      const stripFile = path.join(work, 'strip.jpg');
      // From the smallest rendition: decoding it is a fraction of decoding the source, and 160 px frames lose nothing.
      const strip = await makeThumbnailStrip(path.join(hlsDir, made.renditions[0]!.playlist), stripFile, probe);
      await this.d.storage.putFile(`${prefix}/strip.jpg`, stripFile, 'image/jpeg');
      values.strip = { key: `${prefix}/strip.jpg`, ...strip };
      if (row.isSale) {
        await progress.step('Making the teaser', 85);
        values.teaser = await this.teaser(source.path, prefix, probe, row.teaserStart, work);
      }
      await progress.step('Storing the renditions', 90);
      await this.putTree(hlsDir, `${prefix}/hls`);
      const hls: HlsManifest = { duration: made.duration, renditions: made.renditions.map((r) => ({ ...r, playlist: `${prefix}/hls/${r.playlist}` })) };
      const done = await updateVideoMedia(this.d.db, row.id, row.uploadId, {
        ...values,
        hls,
        mediaState: 'ready',
        mediaProgress: 100,
        mediaStep: null,
        mediaError: null,
      });
      if (done) {
        // The media library keeps the original it kept, and the poster it took (modules/media-library).
        if (values.video) await recordMediaAsset(this.d.db, { kind: 'video', name: values.video.name, stored: values.video, uploadedBy: uploader });
        if (values.thumbnail) await recordMediaAsset(this.d.db, { kind: 'image', name: row.title, stored: values.thumbnail, uploadedBy: uploader });
        this.announce({ ...row, mediaState: 'ready', mediaProgress: 100, mediaStep: null, mediaError: null });
        this.d.changes.publish('content');
        this.d.log.info({ videoId: row.id, renditions: hls.renditions.map((r) => r.name) }, 'video ready');
        if (row.uploadId) await this.d.uploads.remove(row.uploadId).catch(() => {});
      }
    } catch (err) {
      if (attempt.signal.aborted) throw err;
      const reason = err instanceof NotAVideoError ? err.message : 'The video could not be processed. Try again, or upload another file.';
      if (err instanceof NotAVideoError || attempt.last) {
        this.d.log.warn({ err, videoId: row.id }, 'video processing failed');
        await this.fail(row, reason);
        return;
      }
      await progress.step(`Trying again after an error (attempt ${attempt.retryCount + 2} of 3)`, 0);
      throw err;
    } finally {
      await source?.cleanup().catch(() => {});
      await fs.rm(work, { recursive: true, force: true }).catch(() => {});
    }
  }

  private async remakeTeaser(row: VideoMediaRow, attempt: Attempt): Promise<void> {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-teaser-'));
    const source = await localCopy(this.d.storage, row.video.key);
    try {
      const probe = await probeVideo(source.path);
      const prefix = `videos/${row.id}/${randomBytes(6).toString('hex')}`;
      const teaser = await this.teaser(source.path, prefix, probe, row.teaserStart, work);
      if (attempt.signal.aborted) throw new Error('stopped');
      await updateVideoMedia(this.d.db, row.id, row.uploadId, { teaser });
    } finally {
      await source.cleanup().catch(() => {});
      await fs.rm(work, { recursive: true, force: true }).catch(() => {});
    }
  }

  private async teaser(source: string, prefix: string, probe: VideoProbe, start: number, work: string): Promise<StoredFile> {
    const file = path.join(work, 'teaser.mp4');
    const made = await makeTeaser(source, file, probe, start);
    const key = `${prefix}/teaser.mp4`;
    await this.d.storage.putFile(key, file, 'video/mp4');
    const { size } = await fs.stat(file);
    return { key, name: 'teaser.mp4', mimeType: 'video/mp4', size, duration: made.duration, width: made.width, height: made.height };
  }

  /** The uploaded original, copied into storage: played as it is until renditions exist, and kept for downloads. */
  private async keepOriginal(uploadId: string, file: string, prefix: string, probe: VideoProbe): Promise<StoredFile> {
    const upload = await this.d.uploads.find(uploadId);
    const mimeType = upload?.mimeType ?? 'video/mp4';
    const key = `${prefix}/original.${EXTENSIONS[mimeType] ?? 'mp4'}`;
    await this.d.storage.putFile(key, file, mimeType);
    const { size } = await fs.stat(file);
    return { key, name: (upload?.name ?? 'video').slice(0, 200), mimeType, size, duration: probe.duration, width: probe.width, height: probe.height };
  }

  /** Stores every file under a local folder, keeping its relative path. */
  private async putTree(dir: string, prefix: string): Promise<void> {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    const files = entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    for (let i = 0; i < files.length; i += 8) {
      await Promise.all(files.slice(i, i + 8).map((rel) => this.d.storage.putFile(`${prefix}/${rel}`, path.join(dir, rel), contentTypeOf(rel))));
    }
  }

  private async fail(row: VideoMediaRow, reason: string): Promise<void> {
    const values = { mediaState: 'failed', mediaStep: null, mediaError: reason } as const;
    if (!(await updateVideoMedia(this.d.db, row.id, row.uploadId, values))) return;
    this.announce({ ...row, ...values });
    this.d.changes.publish('content');
  }

  /** Step and percent, written and pushed to admins when the step changes and at most once a second in between. */
  private progress(row: VideoMediaRow) {
    let step: string | null = row.mediaStep;
    let percent = row.mediaProgress;
    let last = 0;
    // Writes go one after the other, each with the news of its moment: a slow one never lands after a later one.
    let writes = Promise.resolve();
    const write = () => {
      last = Date.now();
      const news = { mediaStep: step, mediaProgress: percent };
      writes = writes
        .then(async () => {
          if (await updateVideoMedia(this.d.db, row.id, row.uploadId, news)) this.announce({ ...row, ...news });
        })
        .catch(() => {});
      return writes;
    };
    return {
      step: (name: string, at: number) => {
        step = name;
        percent = Math.round(at);
        return write();
      },
      at: (at: number) => {
        const next = Math.min(99, Math.round(at));
        if (next === percent || Date.now() - last < PROGRESS_EVERY_MS) return;
        percent = next;
        void write();
      },
    };
  }

  private announce(row: Pick<VideoMediaRow, 'id' | 'mediaState' | 'mediaProgress' | 'mediaStep' | 'mediaError'>): void {
    const news: MediaProgress = { videoId: row.id, state: row.mediaState, progress: row.mediaProgress, step: row.mediaStep, error: row.mediaError };
    this.d.emit(ADMINS_ROOM, 'media_progress', news);
  }
}
