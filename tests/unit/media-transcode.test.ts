import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG } from '../../src/server/lib/media/binaries.ts';
import { ffprobe, NotAVideoError, probeVideo } from '../../src/server/lib/media/probe.ts';
import { makeTeaser, makeThumbnailStrip, parsePlaylist, takePoster, transcodeHls } from '../../src/server/lib/media/transcode.ts';
import { makeClip } from '../helpers/clips.ts';

const run = promisify(execFile);
let work: string;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-transcode-test-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const out = (name: string) => path.join(work, name);
/** Real ffmpeg work on a shared two-core machine: generous limits (the file takes about 10 s when the machine is quiet). */
const SLOW = { timeout: 60_000 };

/** A small grey copy of the frame at `seconds`: enough to tell two moments of a test pattern apart. */
async function frameAt(file: string, seconds: number): Promise<Buffer> {
  const args = ['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-vf', 'scale=64:36,format=gray', '-f', 'rawvideo', 'pipe:1'];
  const { stdout } = await run(FFMPEG, args, { encoding: 'buffer' });
  return stdout;
}
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

/** ffmpeg processes still working in a folder (their arguments name it). */
const ffmpegsIn = (dir: string) =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes('ffmpeg') && l.includes(dir));

describe('probing a file', SLOW, () => {
  it('reads an MP4 and a WebM: duration, size, codecs and sound', async () => {
    const mp4 = await probeVideo(await makeClip({ seconds: 4, width: 1280, height: 720 }));
    expect(mp4.duration).toBeCloseTo(4, 1);
    expect(mp4).toMatchObject({ width: 1280, height: 720, videoCodec: 'h264', audioCodec: 'aac', hasAudio: true, rotation: 0 });
    const webm = await probeVideo(await makeClip({ seconds: 3, format: 'webm' }));
    expect(webm.duration).toBeCloseTo(3, 1);
    expect(webm).toMatchObject({ width: 640, height: 360, videoCodec: 'vp9', audioCodec: 'opus', hasAudio: true });
    const silent = await probeVideo(await makeClip({ seconds: 3, width: 320, height: 240, audio: false }));
    expect(silent).toMatchObject({ hasAudio: false, audioCodec: null, audioStream: null });
  });

  it('refuses a text file named .mp4 and a picture, with a sentence an operator understands', async () => {
    const text = out('notes.mp4');
    fs.writeFileSync(text, 'These are my notes, not a film.\n'.repeat(20));
    const png = out('still.png');
    const jpg = out('still.jpg');
    await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-frames:v', '1', png]);
    await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-frames:v', '1', jpg]);
    for (const file of [text, png, jpg]) {
      const err = await probeVideo(file).catch((e: unknown) => e);
      expect(err, file).toBeInstanceOf(NotAVideoError);
      expect((err as Error).message).toMatch(/^This file is (not a video|a picture)/);
    }
  });
});

describe('HLS renditions', SLOW, () => {
  it('makes 360p and 720p (no 1080p) from a 720p source, playable, with increasing progress', async () => {
    const source = await makeClip({ seconds: 4, width: 1280, height: 720 });
    const probe = await probeVideo(source);
    const progress: number[] = [];
    const made = await transcodeHls(source, out('hls-720'), probe, { onProgress: (f) => progress.push(f) });

    expect(made.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ['360p', 640, 360],
      ['720p', 1280, 720],
    ]);
    expect(made.duration).toBeGreaterThan(3.5);
    expect(made.duration).toBeLessThan(4.5);
    for (const r of made.renditions) {
      expect(r.playlist).toBe(`${r.name}/index.m3u8`);
      const playlist = fs.readFileSync(path.join(out('hls-720'), r.playlist), 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
      const segments = parsePlaylist(playlist);
      expect(segments.length).toBeGreaterThan(0);
      for (const s of segments) expect(fs.existsSync(path.join(out('hls-720'), r.name, s.file))).toBe(true);

      const info = await ffprobe(path.join(out('hls-720'), r.playlist));
      const video = info.streams.find((s) => s.codec_type === 'video')!;
      const audio = info.streams.find((s) => s.codec_type === 'audio')!;
      expect(video.height).toBe(r.height);
      expect(Math.abs(Number(info.format!.duration) - probe.duration)).toBeLessThan(0.5);
      expect(audio).toMatchObject({ codec_name: 'aac', channels: 2, sample_rate: '48000' });
      // The codecs string says what is really in the segments: profile (Main for 360p, High above) and level.
      const [avc, aac] = r.codecs.split(',');
      expect(aac).toBe('mp4a.40.2');
      expect(avc).toMatch(r.name === '360p' ? /^avc1\.4d40[0-9a-f]{2}$/ : /^avc1\.6400[0-9a-f]{2}$/);
      expect(video.profile).toBe(r.name === '360p' ? 'Main' : 'High');
      expect(parseInt(avc!.slice(-2), 16)).toBe(video.level);
      expect(r.bandwidth).toBeGreaterThan(100_000);
      expect(r.bandwidth).toBeLessThan(r.name === '360p' ? 2_000_000 : 6_000_000);
    }

    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((f, i) => f > 0 && f <= 1 && (i === 0 || f > progress[i - 1]!))).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });

  it('gives a small source without sound one rendition at its own size, without audio', async () => {
    const source = await makeClip({ seconds: 3, width: 320, height: 240, audio: false });
    const made = await transcodeHls(source, out('hls-240'), await probeVideo(source));
    expect(made.renditions).toHaveLength(1);
    expect(made.renditions[0]).toMatchObject({ name: '240p', width: 320, height: 240 });
    expect(made.renditions[0]!.codecs).not.toContain('mp4a');
    const info = await ffprobe(path.join(out('hls-240'), made.renditions[0]!.playlist));
    expect(info.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(info.streams[0]).toMatchObject({ width: 320, height: 240 });
  });

  it('turns a WebM (VP9/Opus) into H.264/AAC', async () => {
    const source = await makeClip({ seconds: 3, format: 'webm' });
    const made = await transcodeHls(source, out('hls-webm'), await probeVideo(source));
    expect(made.renditions.map((r) => [r.name, r.width, r.height, r.codecs.endsWith(',mp4a.40.2')])).toEqual([['360p', 640, 360, true]]);
    const info = await ffprobe(path.join(out('hls-webm'), made.renditions[0]!.playlist));
    expect(info.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
  });

  it('stops quickly when aborted, leaving no ffmpeg behind', async () => {
    const source = await makeClip({ seconds: 20, width: 960, height: 540 });
    const probe = await probeVideo(source);
    const dir = out('hls-aborted');
    const controller = new AbortController();
    const stopped = new Error('stopped by the test');
    const made = transcodeHls(source, dir, probe, { signal: controller.signal, onProgress: () => controller.abort(stopped) });
    await expect(made).rejects.toBe(stopped);
    // Stopped at its first progress, ffmpeg never finished a rendition of the 20 s clip: no playlist has its end.
    const playlists = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.m3u8'));
    expect(playlists.filter((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes('#EXT-X-ENDLIST'))).toEqual([]);
    expect(ffmpegsIn(dir)).toEqual([]);
  });

  it('reports what ffmpeg said when it fails', async () => {
    const source = await makeClip({ seconds: 3, width: 320, height: 240, audio: false });
    // A stream the file does not have.
    const probe = { ...(await probeVideo(source)), videoStream: 7 };
    await expect(transcodeHls(source, out('hls-broken'), probe)).rejects.toThrow(/ffmpeg could not make the renditions \(exit code \d+\):\n.+/);
  });
});

describe('poster, thumbnail strip and teaser', SLOW, () => {
  it('takes a full-size poster frame', async () => {
    const source = await makeClip({ seconds: 4, width: 1280, height: 720 });
    await takePoster(source, out('poster.jpg'), 1);
    expect(await sharp(out('poster.jpg')).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
  });

  it('makes a strip of one frame a second, 160 px wide, ten across', async () => {
    const source = await makeClip({ seconds: 20, width: 960, height: 540 });
    const strip = await makeThumbnailStrip(source, out('strip.jpg'), await probeVideo(source));
    expect(strip).toEqual({ interval: 1, count: 20, columns: 10, width: 160, height: 90 });
    const meta = await sharp(out('strip.jpg')).metadata();
    expect([meta.width, meta.height]).toEqual([strip.columns * strip.width, Math.ceil(strip.count / strip.columns) * strip.height]);
  });

  it('cuts a 10 s 360p teaser where asked, moved back to fit, and never more than half of a short video', async () => {
    const source = await makeClip({ seconds: 20, width: 960, height: 540 });
    const probe = await probeVideo(source);
    const teaser = await makeTeaser(source, out('teaser.mp4'), probe, 4);
    expect(teaser).toMatchObject({ width: 640, height: 360, start: 4 });
    expect(Math.abs(teaser.duration - 10)).toBeLessThan(0.5);
    const made = await probeVideo(out('teaser.mp4'));
    expect(made).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
    // Its first frame is the source's frame at 4 s, not the one at 0 s.
    const first = await frameAt(out('teaser.mp4'), 0);
    expect(difference(first, await frameAt(source, 4))).toBeLessThan(difference(first, await frameAt(source, 0)) / 2);

    const late = await makeTeaser(source, out('teaser-late.mp4'), probe, 18);
    expect(late.start).toBe(10);
    expect(Math.abs(late.duration - 10)).toBeLessThan(0.5);

    const short = await makeClip({ seconds: 4, width: 1280, height: 720 });
    const half = await makeTeaser(short, out('teaser-short.mp4'), await probeVideo(short), 3);
    expect(half.start).toBe(2);
    expect(Math.abs(half.duration - 2)).toBeLessThan(0.5);

    // A phone video filmed upright: stored landscape with a rotation; its teaser stands upright.
    const upright = out('upright.mp4');
    await run(FFMPEG, ['-v', 'error', '-i', short, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', upright]);
    const turned = await probeVideo(upright);
    expect(turned).toMatchObject({ width: 720, height: 1280 });
    expect(await makeTeaser(upright, out('teaser-upright.mp4'), turned, 0)).toMatchObject({ width: 360, height: 640 });

    const silent = await makeClip({ seconds: 3, width: 320, height: 240, audio: false });
    await makeTeaser(silent, out('teaser-silent.mp4'), await probeVideo(silent), 0);
    expect(await probeVideo(out('teaser-silent.mp4'))).toMatchObject({ hasAudio: false, width: 320, height: 240 });
  });
});
