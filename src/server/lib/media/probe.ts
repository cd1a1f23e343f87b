import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FFPROBE } from './binaries.ts';

const run = promisify(execFile);

/** What the media pipeline needs to know of a video file. Sizes are as displayed (pixel aspect and rotation applied). */
export interface VideoProbe {
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
  /** ffmpeg's codec names, e.g. `h264`, `vp9`; `aac`, `opus`. */
  videoCodec: string;
  audioCodec: string | null;
  hasAudio: boolean;
  /** ffmpeg's container names, e.g. `mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`. */
  format: string;
  /** Frames per second (average), 0 when unknown. */
  frameRate: number;
  /** Interlaced fields (camcorder, broadcast): the renditions are deinterlaced. */
  interlaced: boolean;
  /** Clockwise degrees the player turns the picture (0, 90, 180, 270); ffmpeg applies it when decoding. */
  rotation: number;
  /** Stream indexes in the file: the picture (never a cover image) and the first sound, for ffmpeg's `-map 0:N`. */
  videoStream: number;
  audioStream: number | null;
}

/** The file is not a video the pipeline can play: its message is meant for the operator who uploaded it. */
export class NotAVideoError extends Error {
  readonly code = 'NOT_A_VIDEO';
  constructor(message = 'This file is not a video that can be played (no video track found).') {
    super(message);
    this.name = 'NotAVideoError';
  }
}

/**
 * The environment ffmpeg's programs run with. The static ffprobe crashes (SIGSEGV) on any MPEG-TS file, HLS segments
 * included: it asks iconv to convert the stream's service name and its static glibc cannot load the host's converters.
 * With no converters to find, iconv fails cleanly and ffprobe keeps the name as it is.
 */
export const FFMPEG_ENV: NodeJS.ProcessEnv = { ...process.env, GCONV_PATH: path.join(os.tmpdir(), 'tessera-no-gconv-modules') };

interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  level?: number;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  nb_frames?: string;
  field_order?: string;
  channels?: number;
  sample_rate?: string;
  disposition?: { attached_pic?: number; still_image?: number };
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}

export interface ProbeResult {
  streams: ProbeStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string; tags?: Record<string, string> };
}

/** ffprobe's JSON description of a file (its format and streams); rejects when ffprobe cannot read it. */
export async function ffprobe(file: string): Promise<ProbeResult> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
  const { stdout } = await run(FFPROBE, args, { env: FFMPEG_ENV, maxBuffer: 16 * 1024 * 1024, timeout: 60_000 });
  const result = JSON.parse(stdout) as ProbeResult;
  return { ...result, streams: result.streams ?? [] };
}

/** Containers ffmpeg reads single pictures from: never a video, whatever the file is called. */
const STILL_FORMATS = /(^|,)(image2|[a-z0-9]+_pipe|webp)(,|$)/;

const ratio = (r: string | undefined) => {
  const [a, b] = (r ?? '').split(/[:/]/).map(Number);
  return a && b ? a / b : 0;
};

/**
 * Reads a video file with ffprobe. Anything that is not a playable video (no picture track, a still picture, no
 * duration, a file ffprobe cannot read) is a NotAVideoError.
 */
export async function probeVideo(file: string): Promise<VideoProbe> {
  let info: ProbeResult;
  try {
    info = await ffprobe(file);
  } catch (err) {
    // ffprobe missing, crashed or stuck is this server's problem (worth another attempt), not the file's.
    const e = err as { code?: unknown; signal?: unknown; killed?: boolean };
    if (typeof e.code === 'string' || e.signal || e.killed) throw new Error(`ffprobe could not run: ${String(err)}`, { cause: err });
    throw new NotAVideoError('This file is not a video that can be played (it could not be read as a video).');
  }
  const format = info.format?.format_name ?? '';
  const video = info.streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height);
  if (!video) throw new NotAVideoError();
  if (STILL_FORMATS.test(format) || video.disposition?.still_image || video.nb_frames === '1') {
    throw new NotAVideoError('This file is a picture, not a video. Upload it as the poster instead.');
  }
  const duration = Number(info.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new NotAVideoError('This file is not a video that can be played (it has no duration).');
  const audio = info.streams.find((s) => s.codec_type === 'audio' && (s.channels ?? 1) > 0);

  const turn = video.side_data_list?.find((d) => d.rotation != null)?.rotation ?? -Number(video.tags?.rotate ?? 0);
  // ffprobe gives the display matrix's angle (counter-clockwise); players and the `rotate` tag count clockwise.
  const rotation = (((Math.round(-turn / 90) * 90) % 360) + 360) % 360;
  const sar = ratio(video.sample_aspect_ratio) || 1;
  let width = Math.round(video.width! * sar);
  let height = video.height!;
  if (rotation % 180) [width, height] = [height, width];

  return {
    duration,
    width,
    height,
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio?.codec_name ?? null,
    hasAudio: Boolean(audio),
    format,
    frameRate: ratio(video.avg_frame_rate) || ratio(video.r_frame_rate),
    interlaced: ['tt', 'bb', 'tb', 'bt'].includes(video.field_order ?? ''),
    rotation,
    videoStream: video.index,
    audioStream: audio?.index ?? null,
  };
}
