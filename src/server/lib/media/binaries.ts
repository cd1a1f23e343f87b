import ffmpeg from '@ffmpeg-installer/ffmpeg';
import ffprobe from '@ffprobe-installer/ffprobe';

/** The ffmpeg and ffprobe programs: static builds (libx264, AAC) that npm installs with the project. */
export const FFMPEG: string = ffmpeg.path;
export const FFPROBE: string = ffprobe.path;
