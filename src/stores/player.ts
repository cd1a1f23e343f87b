import { persistentAtom } from '@nanostores/persistent';
import { client } from '../client/api.ts';
import * as catalogueCalls from '../shared/calls/catalogue.ts';
import type { VideoStream } from '../shared/contracts/videos.ts';
import { payload, requestFamily, type Result } from './request.ts';

/** A link is renewed when it has less than this left (a segment request never goes out on a link about to die). */
export const RENEW_MARGIN_MS = 90_000;

/**
 * The signed stream link of each video being watched, by video `_id`: the one the page was rendered with, then the
 * renewed ones (`GET /assets/videos/{id}/stream`). `native`: a long link for a player that cannot renew (Safari's HLS).
 */
export const streams = requestFamily(async (id: string, native: boolean) => payload(catalogueCalls.videoStream(client(), id, native ? { native: true } : {})));

/** The quality the member picked in the player ('auto' or a rendition name such as `720p`), kept across videos. */
export const $quality = persistentAtom<string>('tessera:quality', 'auto');

export const setQuality = (quality: string) => $quality.set(quality);

const usable = (s: VideoStream | undefined, now: number): s is VideoStream & { url: string } =>
  Boolean(s?.url && s.expiresAt && Date.parse(s.expiresAt) - now > RENEW_MARGIN_MS);

/** Starts a video's state from the link its page was rendered with, unless a fresher one is known. */
export function seedStream(id: string, stream: VideoStream): void {
  const known = streams.of(streams.$states.get(), id).data;
  if (!usable(known, Date.now()) || (stream.expiresAt && known.expiresAt! < stream.expiresAt)) {
    streams.$states.setKey(id, { status: 'ok', data: stream });
  }
}

// Renewals in flight, one per video: every loader asking at once shares the same request.
const inFlight = new Map<string, Promise<Result<VideoStream>>>();

/**
 * A stream link with time left: the known one, or a renewed one (`force`: renewed whatever is left, after a refusal).
 * Null when the renewal failed (the error is in `streams`).
 */
export async function freshStream(id: string, opts: { native?: boolean; force?: boolean } = {}): Promise<(VideoStream & { url: string }) | null> {
  const known = streams.of(streams.$states.get(), id).data;
  if (!opts.force && usable(known, Date.now())) return known;
  let pending = inFlight.get(id);
  if (!pending) {
    pending = streams.run(id, opts.native ?? false).finally(() => inFlight.delete(id));
    inFlight.set(id, pending);
  }
  const result = await pending;
  return result.ok && result.data.url ? (result.data as VideoStream & { url: string }) : null;
}

/** `url` carrying the signature of `stream` (same path: one token covers a video's whole stream). */
export function withToken(url: string, stream: VideoStream & { url: string }): string {
  const fresh = new URLSearchParams(stream.url.slice(stream.url.indexOf('?') + 1));
  const target = new URL(url, location.href);
  if (!target.pathname.startsWith('/media/hls/')) return url;
  target.searchParams.set('e', fresh.get('e') ?? '');
  target.searchParams.set('s', fresh.get('s') ?? '');
  return target.href;
}
