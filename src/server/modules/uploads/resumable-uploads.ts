import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import type { S3Store } from '@tus/s3-store';
import { Metadata, Server } from '@tus/server';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import type { UploadSource } from '../media/media-pipeline.ts';
import { HEAD_BYTES, REFUSAL, sniff, type UploadPurpose } from './file-types.ts';
import { tusAnswer, type Answer } from './tus-answers.ts';
import {
  completeUpload,
  deleteUpload,
  failUpload,
  findUpload,
  knownUploads,
  reserveUpload,
  setUploadType,
  setUploadTypeAndFinish,
  staleUploads,
  type UploadRow,
} from './uploads.repository.ts';

export const UPLOADS_PATH = '/api/admin/uploads';
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** An unfinished (or refused) upload lives this long; a finished one that no video uses, a week. */
export const UPLOAD_TTL_MS = DAY;
const UNUSED_TTL_MS = 7 * DAY;
/** Upload ids: 32 hex digits (URL- and key-safe, never the one-piece `up.` references). */
const ID = /^[0-9a-f]{32}$/;

interface Deps {
  db: Db;
  config: Pick<Config, 'dataDir' | 'storage' | 'videoUploadLimit' | 'imageUploadLimit' | 'pendingUploads'>;
  log: FastifyBaseLogger;
  /** The site's public origin: the only origin whose pages may call the upload URLs from a browser (CORS). */
  origin: () => string;
}

/** What one request is about, kept beside the Request handed to tus (which only sees the Web request). */
interface Context {
  userId: string;
  id?: string;
  purpose?: UploadPurpose;
  name?: string;
  size?: number;
}

/** Where unfinished uploads are kept, and their folder when on disk. */
export interface UploadStore {
  store: FileStore | S3Store;
  dir: string | null;
}

/**
 * DATA_DIR/uploads, or the S3 bucket: the S3 store (and the AWS SDK under it, ~0.2 s of every start) is loaded only
 * where the storage is S3.
 */
export async function uploadStore(config: Pick<Config, 'dataDir' | 'storage'>): Promise<UploadStore> {
  const { storage } = config;
  if (storage.driver === 'local') {
    const dir = path.join(config.dataDir, 'uploads');
    fs.mkdirSync(dir, { recursive: true });
    return { store: new FileStore({ directory: dir, expirationPeriodInMilliseconds: UPLOAD_TTL_MS }), dir };
  }
  const { S3Store } = await import('@tus/s3-store');
  const store = new S3Store({
    partSize: 16 * 1024 * 1024,
    expirationPeriodInMilliseconds: UPLOAD_TTL_MS,
    s3ClientConfig: {
      bucket: storage.bucket,
      region: storage.region,
      endpoint: storage.endpoint ?? undefined,
      forcePathStyle: storage.forcePathStyle,
      credentials: storage.accessKeyId && storage.secretAccessKey ? { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey } : undefined,
    },
  });
  return { store, dir: null };
}

/**
 * The back office's resumable uploads: the tus 1.0 protocol (creation, creation-with-upload, core, termination,
 * expiration) under /api/admin/uploads, its bytes in DATA_DIR/uploads (@tus/file-store) or the S3 bucket
 * (@tus/s3-store), its rows in `uploads`. Whatever a client sends is checked before tus sees it (size, purpose, owner,
 * state), and every answer a client can cause is a 4xx in the contract's error body. The first bytes decide the type:
 * the wrong kind of file is refused (415), marked failed and its bytes removed. For the rest of the app it is the
 * pipeline's `UploadSource`, and the way to read a finished picture.
 */
export class ResumableUploads implements UploadSource {
  private readonly d: Deps;
  private readonly store: FileStore | S3Store;
  private readonly tus: Server;
  private readonly dir: string | null;
  private readonly contexts = new WeakMap<Request, Context>();
  /** The first bytes of uploads in S3 (whose unfinished bytes cannot be read back), until their type is known. */
  private readonly heads = new Map<string, Buffer>();
  private timer: NodeJS.Timeout | null = null;

  constructor(deps: Deps, { store, dir }: UploadStore) {
    this.d = deps;
    this.store = store;
    this.dir = dir;
    // A deferred length is refused (the size decides the limit up front), so it is not offered either.
    this.store.extensions = this.store.extensions.filter((e) => e !== 'creation-defer-length');
    this.wrapWrite();
    this.tus = new Server({
      path: UPLOADS_PATH,
      datastore: this.store,
      // Location: path-absolute, never built from the request's Host or X-Forwarded-* headers.
      relativeLocation: true,
      generateUrl: (_req, { path: base, id }) => `${base}/${id}`,
      respectForwardedHeaders: false,
      allowedOrigins: (origin) => origin === this.d.origin(),
      // The id reserved with the upload's row before tus saw the request (`reserve`).
      namingFunction: (req) => this.contexts.get(req)?.id ?? randomBytes(16).toString('hex'),
      getFileIdFromRequest: (req) => this.contexts.get(req)?.id,
      maxSize: (req) => this.limit(this.contexts.get(req)?.purpose ?? 'video'),
      onUploadCreate: async (req, upload) => {
        const ctx = this.contexts.get(req)!;
        return {
          metadata: {
            filename: ctx.name ?? '',
            purpose: ctx.purpose!,
            ...(upload.metadata?.filetype ? { filetype: clean(upload.metadata.filetype, 100) } : {}),
          },
        };
      },
    });
  }

  // ---- the protocol --------------------------------------------------------------------------------------------

  /**
   * Answers one tus request of an admin (`id`: the upload the URL names, null for creation and OPTIONS). Throws the
   * contract's errors for what is refused before tus; tus's own refusals come back as answers in the same body.
   */
  async handle(request: FastifyRequest, id: string | null): Promise<Answer> {
    const method = request.method;
    const ctx: Context = { userId: request.auth?.user.id ?? '' };
    const version = request.headers['tus-resumable'];
    if (method !== 'OPTIONS' && version !== undefined && version !== '1.0.0') {
      throw new AppError(412, 'BAD_REQUEST', 'This server speaks tus 1.0.0: send Tus-Resumable: 1.0.0.', { 'tus-resumable': '1.0.0', 'tus-version': '1.0.0' });
    }
    if (method === 'POST') Object.assign(ctx, await this.reserve(ctx.userId, this.creation(request)));
    else if (method !== 'OPTIONS') {
      const row = id && ID.test(id) ? await findUpload(this.d.db, id) : null;
      if (!row || row.userId !== ctx.userId) throw notFound('This upload does not exist (it may have expired).');
      Object.assign(ctx, { id: row.id, purpose: row.purpose });
      if (row.state === 'failed') {
        if (method === 'DELETE') {
          await this.remove(row.id);
          return { status: 204, headers: { 'tus-resumable': '1.0.0' } };
        }
        throw this.refusal(row);
      }
    }
    let reading = false;
    const web = webRequest(request, ctx.id, () => (reading = true));
    this.contexts.set(web, ctx);
    const answer = await tusAnswer(await this.tus.handleWeb(web), (err) => this.d.log.error({ err, reqId: request.id }, 'upload failed'));
    // A creation tus refused leaves no reservation behind.
    if (method === 'POST' && answer.status !== 201 && ctx.id) await deleteUpload(this.d.db, ctx.id);
    // Bytes tus began to read but left (more than announced, a refusal midway) would stall the connection: close it.
    if (reading && !request.raw.readableEnded) answer.headers.connection = 'close';
    const offset = Number(answer.headers['upload-offset']);
    // After bytes arrived; and on a HEAD that finds every byte there (the end of an upload whose last answer was lost).
    const whole = method === 'HEAD' && answer.status === 200 && answer.headers['upload-length'] === answer.headers['upload-offset'];
    if ((method === 'POST' && answer.status === 201) || (method === 'PATCH' && answer.status === 204) || whole) {
      if (ctx.id && Number.isSafeInteger(offset)) {
        const refused = await this.written(ctx.id, offset);
        if (refused) throw withTus(refused);
      }
    } else if (method === 'DELETE' && answer.status === 204 && ctx.id) {
      this.heads.delete(ctx.id);
      await deleteUpload(this.d.db, ctx.id);
    }
    return answer;
  }

  /** A creation's headers, checked: a known size within the purpose's limit, a purpose, a clean name. */
  private creation(request: FastifyRequest): Omit<Context, 'userId'> {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(',') : value;
    };
    if (header('upload-defer-length') !== undefined)
      throw tusError(400, 'BAD_REQUEST', 'Send the file size in Upload-Length: a deferred length is not supported.');
    if (header('upload-concat') !== undefined) throw tusError(400, 'BAD_REQUEST', 'Concatenated uploads are not supported.');
    let metadata: Record<string, string | null> = {};
    const raw = header('upload-metadata');
    if (raw !== undefined && raw.trim() !== '') {
      try {
        metadata = Metadata.parse(raw);
      } catch {
        throw tusError(400, 'VALIDATION_ERROR', 'Upload-Metadata is malformed: comma-separated pairs of a key and a base64 value.');
      }
    }
    const purpose = metadata.purpose;
    if (purpose !== 'video' && purpose !== 'image') throw withTus(invalid({ purpose: 'Purpose: send video or image in the metadata key purpose.' }));
    const length = header('upload-length');
    if (length === undefined || !/^\d{1,16}$/.test(length)) throw tusError(400, 'BAD_REQUEST', 'Upload-Length must be the file size in bytes.');
    const size = Number(length);
    if (size === 0) throw tusError(400, 'BAD_REQUEST', 'The file is empty.');
    const limit = this.limit(purpose);
    if (size > limit) {
      const what = purpose === 'video' ? 'A video' : 'A picture';
      throw tusError(413, 'PAYLOAD_TOO_LARGE', `The file is too large. ${what} may be up to ${Math.floor(limit / 1024 / 1024)} MB.`);
    }
    return { purpose, size, name: clean(metadata.filename ?? '', 200) };
  }

  /**
   * Reserves a new upload's row and id, within what one admin may have under way (`pendingUploads`): more uploads
   * than `maxOpen` is a 429, more announced bytes than `maxBytes` a 413; finishing or cancelling one makes room.
   */
  private async reserve(userId: string, creation: Omit<Context, 'userId'>): Promise<Omit<Context, 'userId'>> {
    const id = randomBytes(16).toString('hex');
    const { maxOpen, maxBytes } = this.d.config.pendingUploads;
    const underWay = await reserveUpload(
      this.d.db,
      { id, userId, purpose: creation.purpose!, name: creation.name ?? '', size: creation.size! },
      { maxOpen, maxBytes },
    );
    if (underWay && underWay.open >= maxOpen)
      throw tusError(429, 'RATE_LIMITED', `You have ${underWay.open} uploads under way: finish or cancel one before starting another.`);
    if (underWay) {
      throw tusError(
        413,
        'PAYLOAD_TOO_LARGE',
        `Your unfinished uploads already announce ${size(underWay.bytes)} of the ${size(maxBytes)} allowed at once: finish or cancel some before starting this one.`,
      );
    }
    return { ...creation, id };
  }

  private limit(purpose: UploadPurpose): number {
    return purpose === 'video' ? this.d.config.videoUploadLimit : this.d.config.imageUploadLimit;
  }

  /**
   * After bytes arrived: once the first 4 KiB are there (or the whole of a smaller file) the type is checked, once; the
   * wrong kind fails the upload and removes its bytes (the answer is the refusal). At the end it is complete.
   */
  private async written(id: string, offset: number): Promise<AppError | null> {
    const row = await findUpload(this.d.db, id);
    if (!row || row.state !== 'uploading') return null;
    let mimeType = row.mimeType;
    if (!mimeType && offset >= Math.min(HEAD_BYTES, row.size)) {
      const head = await this.head(id, offset, row.size);
      if (head) {
        mimeType = sniff(row.purpose, head);
        if (!mimeType) {
          const { message } = REFUSAL[row.purpose];
          await failUpload(this.d.db, id, message);
          await this.removeBytes(id);
          return this.refusal({ ...row, error: message });
        }
        if (offset < row.size) await setUploadType(this.d.db, id, mimeType);
      }
    }
    if (offset === row.size && mimeType) {
      this.heads.delete(id);
      await (row.mimeType ? completeUpload(this.d.db, id) : setUploadTypeAndFinish(this.d.db, id, mimeType));
    }
    return null;
  }

  private refusal(row: Pick<UploadRow, 'purpose' | 'error'>): AppError {
    const { code, message } = REFUSAL[row.purpose];
    return new AppError(415, code, row.error ?? message, { 'tus-resumable': '1.0.0' });
  }

  /** The first bytes (up to 4 KiB): kept from the stream (S3), read from the file, or from the finished S3 object. */
  private async head(id: string, offset: number, size: number): Promise<Buffer | null> {
    const want = Math.min(HEAD_BYTES, size);
    const kept = this.heads.get(id);
    if (kept && kept.length >= want) return kept.subarray(0, want);
    if (this.dir) {
      const file = await fsp.open(path.join(this.dir, id), 'r');
      try {
        const { buffer, bytesRead } = await file.read(Buffer.alloc(want), 0, want, 0);
        return bytesRead >= want ? buffer : null;
      } finally {
        await file.close();
      }
    }
    if (offset < size) return null; // S3 before the end: only what the stream showed (checked at the end otherwise)
    const chunks: Buffer[] = [];
    let got = 0;
    for await (const chunk of (await this.store.read(id)) as Readable) {
      chunks.push(chunk as Buffer);
      got += (chunk as Buffer).length;
      if (got >= want) break;
    }
    return Buffer.concat(chunks).subarray(0, want);
  }

  /**
   * The store's `write`, seen through: in S3 it keeps an upload's first 4 KiB as they pass; and when the client's
   * stream fails (it sent more than it announced, or went away) that error is what tus hears, not the store's 500.
   */
  private wrapWrite(): void {
    const write = this.store.write.bind(this.store);
    const keep = this.dir === null;
    this.store.write = async (readable: Readable, id: string, offset: number) => {
      let failure: unknown = null;
      readable.on('error', (err) => (failure ??= err));
      let source: Readable = readable;
      const head = this.heads.get(id) ?? Buffer.alloc(0);
      if (keep && offset < HEAD_BYTES && head.length === offset) {
        let kept = head;
        const heads = this.heads;
        const tap = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            if (kept.length < HEAD_BYTES) heads.set(id, (kept = Buffer.concat([kept, chunk.subarray(0, HEAD_BYTES - kept.length)])));
            done(null, chunk);
          },
        });
        readable.on('error', (err) => tap.destroy(err));
        source = readable.pipe(tap);
      }
      try {
        return await write(source, id, offset);
      } catch (err) {
        throw failure ?? err;
      }
    };
  }

  // ---- for the rest of the app (the media pipeline, gallery photos) ----------------------------------------------

  /** The upload's row (purpose, name, size, mimeType once known, state), or null. */
  find(id: string): Promise<UploadRow | null> {
    return ID.test(id) ? findUpload(this.d.db, id) : Promise.resolve(null);
  }

  /**
   * A finished upload's bytes as a local file: in DATA_DIR/uploads the file itself (cleanup does nothing); from S3 a
   * temporary copy that cleanup removes. Throws when the upload is unknown or not finished.
   */
  async localFile(id: string): Promise<{ path: string; cleanup: () => Promise<void> }> {
    const row = await this.find(id);
    if (!row || row.state !== 'complete') throw new Error(`upload ${id} is not a finished upload`);
    if (this.dir) return { path: path.join(this.dir, id), cleanup: async () => {} };
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tessera-upload-'));
    const file = path.join(dir, 'upload');
    const cleanup = () => fsp.rm(dir, { recursive: true, force: true });
    try {
      await pipeline((await this.store.read(id)) as Readable, fs.createWriteStream(file));
    } catch (err) {
      await cleanup();
      throw err;
    }
    return { path: file, cleanup };
  }

  /** A finished upload's bytes in memory (for pictures: at most IMAGE_UPLOAD_LIMIT_MB). */
  async read(id: string): Promise<Buffer> {
    const { path: file, cleanup } = await this.localFile(id);
    try {
      return await fsp.readFile(file);
    } finally {
      await cleanup();
    }
  }

  /** Removes an upload for good: its bytes and its row (the pipeline calls it once the original is in storage). */
  async remove(id: string): Promise<void> {
    await this.removeBytes(id);
    await deleteUpload(this.d.db, id);
  }

  private async removeBytes(id: string): Promise<void> {
    this.heads.delete(id);
    await this.store.remove(id).catch(() => {});
  }

  // ---- expiry ------------------------------------------------------------------------------------------------------

  /**
   * Removes what nobody will finish or use: uploads still `uploading` (or `failed`) a day after they began, finished
   * ones no video names a week after they finished, and (on disk) files left without a row for a day. Returns how many.
   */
  async sweep(now = Date.now()): Promise<number> {
    const rows = await staleUploads(this.d.db, new Date(now - UPLOAD_TTL_MS), new Date(now - UNUSED_TTL_MS));
    for (const row of rows) await this.remove(row.id);
    let leftovers = 0;
    if (this.dir) {
      const names = await fsp.readdir(this.dir).catch(() => [] as string[]);
      const ids = [...new Set(names.map((n) => n.replace(/\.json$/, '')).filter((n) => ID.test(n)))];
      const known = await knownUploads(this.d.db, ids);
      for (const id of ids.filter((i) => !known.has(i))) {
        const stat = await fsp.stat(path.join(this.dir, id)).catch(() => null);
        if (stat && now - stat.mtimeMs < UPLOAD_TTL_MS) continue;
        await fsp.rm(path.join(this.dir, id), { force: true });
        await fsp.rm(path.join(this.dir, `${id}.json`), { force: true });
        leftovers++;
      }
    }
    return rows.length + leftovers;
  }

  /** Sweeps now and then every hour (an unref'd timer: it never keeps the process alive). */
  start(): void {
    const run = () =>
      void this.sweep().then(
        (n) => n && this.d.log.info({ removed: n }, 'expired uploads removed'),
        (err: unknown) => this.d.log.warn({ err }, 'the upload sweep failed'),
      );
    run();
    this.timer = setInterval(run, HOUR);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** Bytes as an operator reads them: MB below a gigabyte, GB with one decimal from there. */
function size(bytes: number): string {
  return bytes < 1024 ** 3 ? `${Math.round(bytes / 1024 ** 2)} MB` : `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** Text from a client: no NUL or other control characters, trimmed, at most `max` characters. */
function clean(text: string, max: number): string {
  const printable = [...text].filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f).join('');
  return printable.trim().slice(0, max);
}

function tusError(status: number, code: ConstructorParameters<typeof AppError>[1], message: string): AppError {
  return new AppError(status, code, message, { 'tus-resumable': '1.0.0' });
}

function withTus(err: AppError): AppError {
  return new AppError(err.statusCode, err.code, err.message, { ...err.headers, 'tus-resumable': '1.0.0' }, err.fields);
}

/**
 * The Web request tus reads: the client's headers and body, at a canonical URL (never the raw one). The body is read
 * only when tus reads it: a request refused before its bytes are read leaves them to Node, which discards them and
 * keeps the connection usable (an eager reader would hold them, and the connection would stall).
 */
function webRequest(request: FastifyRequest, id: string | undefined, started: () => void): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.raw.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    try {
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    } catch {
      // a header value the Fetch API refuses: tus never needs it
    }
  }
  let reader: AsyncIterator<Buffer> | null = null;
  const body =
    request.method === 'PATCH' || request.method === 'POST'
      ? new ReadableStream<Uint8Array>(
          {
            async pull(controller) {
              if (!reader) started();
              reader ??= request.raw[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
              const next = await reader.next();
              if (next.done) controller.close();
              else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
            },
            async cancel() {
              await reader?.return?.();
            },
          },
          { highWaterMark: 0 },
        )
      : null;
  return new Request(`http://uploads.invalid${UPLOADS_PATH}${id ? `/${id}` : ''}`, {
    method: request.method,
    headers,
    ...(body ? { body, duplex: 'half' } : {}),
  } as RequestInit);
}
