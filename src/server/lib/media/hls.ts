import type { HlsManifest, HlsRendition } from './media-types.ts';
import type { MediaSigner } from './signed-url.ts';

/**
 * Signed HLS: `/media/hls/<videoId>/master.m3u8?e=&s=`, `/media/hls/<videoId>/<rendition>/index.m3u8?e=&s=` and
 * `/media/hls/<videoId>/<rendition>/<segment>?e=&s=`. One short-lived token (subject `hls:<videoId>`) covers the whole
 * tree of one video: the master and the playlists are served with every URI inside signed with the token the request
 * came with, so a player renews by swapping `e` and `s` on whatever it loads next.
 */

/** Lifetime of a stream link for a player that renews it (hls.js): short, renewed while watching. */
export const STREAM_TTL_SECONDS = 600;
/** Added to the video's duration for a player that cannot renew (native HLS in Safari). */
export const NATIVE_MARGIN_SECONDS = 1800;
/** No link lives longer than this, whatever the duration. */
export const MAX_STREAM_TTL_SECONDS = 6 * 3600;

export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
export const SEGMENT_TYPES: Record<string, string> = { ts: 'video/mp2t', m4s: 'video/iso.segment', mp4: 'video/mp4', aac: 'audio/aac', vtt: 'text/vtt' };

export const hlsSubject = (videoId: string) => `hls:${videoId}`;

/** The signed master playlist URL of a video, and when it expires. */
export interface StreamLink {
  url: string;
  expiresAt: string;
}

/** Signs stream links: short for players that renew them, the video's duration plus a margin for those that cannot. */
export class HlsLinks {
  private readonly signer: MediaSigner;
  constructor(signer: MediaSigner) {
    this.signer = signer;
  }

  master(videoId: string, manifest: HlsManifest, opts: { native?: boolean } = {}): StreamLink {
    const ttl = opts.native ? Math.min(MAX_STREAM_TTL_SECONDS, Math.ceil(manifest.duration) + NATIVE_MARGIN_SECONDS) : STREAM_TTL_SECONDS;
    const params = this.signer.params(hlsSubject(videoId), { ttlSeconds: Math.max(STREAM_TTL_SECONDS, ttl) });
    return { url: `/media/hls/${videoId}/master.m3u8?${params}`, expiresAt: new Date(Number(params.get('e')) * 1000).toISOString() };
  }
}

/** A token query string (`e=…&s=…`). */
export const tokenQuery = (e: string, s: string) => new URLSearchParams({ e, s }).toString();

const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/'));
const fileOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** The master playlist: one `#EXT-X-STREAM-INF` per rendition, each pointing at its signed media playlist. */
export function masterPlaylist(manifest: HlsManifest, token: string): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of manifest.renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.round(r.bandwidth)},RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}",NAME="${r.name}"`,
      `${encodeURIComponent(r.name)}/${fileOf(r.playlist)}?${token}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A plain file name beside the playlist (no folders, schemes or queries): the only URIs a playlist may sign. */
const SIBLING = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** A media playlist with every URI beside it signed (`seg0.ts` → `seg0.ts?e=&s=`); any other URI is dropped. */
export function signMediaPlaylist(text: string, token: string): string {
  const sign = (uri: string) => (SIBLING.test(uri) && !uri.includes('..') ? `${uri}?${token}` : null);
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      // Attribute URIs (EXT-X-MAP init segments, EXT-X-KEY keys, EXT-X-MEDIA subtitles).
      out.push(line.replace(/URI="([^"]*)"/g, (_m, uri: string) => `URI="${sign(uri) ?? ''}"`));
      continue;
    }
    const signed = sign(line);
    if (signed) out.push(signed);
    else if (out.at(-1)?.startsWith('#EXTINF')) out.pop();
  }
  return `${out.join('\n')}\n`;
}

/** What a path under `/media/hls/` asks for; null when it is not one of the shapes a signed link can have. */
export type HlsRequest = { videoId: string; master: true } | { videoId: string; master: false; rendition: string; file: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;

/** Parses the raw (still percent-encoded) path after `/media/hls/`: encoded bytes, dots and extra folders are refused. */
export function parseHlsPath(rawPath: string): HlsRequest | null {
  const parts = rawPath.split('/');
  const [videoId] = parts;
  if (!videoId || !UUID.test(videoId)) return null;
  if (parts.length === 2 && parts[1] === 'master.m3u8') return { videoId, master: true };
  if (parts.length !== 3) return null;
  const [, rendition, file] = parts as [string, string, string];
  if (!NAME.test(rendition) || !SIBLING.test(file) || file.includes('..')) return null;
  return { videoId, master: false, rendition, file };
}

/** The storage key a rendition request stands for, and what it is; null when it is outside that rendition's folder. */
export function resolveHlsFile(
  manifest: HlsManifest,
  rendition: string,
  file: string,
): { rendition: HlsRendition; key: string; kind: 'playlist' | 'segment'; type: string } | null {
  const r = manifest.renditions.find((x) => x.name === rendition);
  if (!r) return null;
  const key = `${folderOf(r.playlist)}/${file}`;
  if (file === fileOf(r.playlist)) return { rendition: r, key, kind: 'playlist', type: PLAYLIST_TYPE };
  const type = SEGMENT_TYPES[file.slice(file.lastIndexOf('.') + 1).toLowerCase()];
  if (!type) return null;
  return { rendition: r, key, kind: 'segment', type };
}
