import Hls, { type ErrorData } from 'hls.js';
import { freshStream, withToken } from '../stores/player.ts';

/** One rendition the member can pick. */
export interface Quality {
  name: string;
  height: number;
}

export interface PlaybackOptions {
  /** The video's `_id` (the stream links are renewed through stores/player.ts). */
  id: string;
  /** The quality to start with: 'auto' or a rendition name. */
  quality: string;
  /** Where to start, in seconds (a retry resumes where the video was). */
  startAt?: number;
  /** The renditions, once the master playlist is read (empty: no choice to offer, as with Safari's own HLS). */
  onLevels: (levels: Quality[]) => void;
  /** The rendition now playing. */
  onLevel: (name: string) => void;
  /** Playback cannot go on (after the one renewal a refusal earns). */
  onFatal: () => void;
}

export interface Playback {
  setQuality: (quality: string) => void;
  destroy: () => void;
}

const levelName = (l: { name?: string; height: number }) => l.name || `${l.height}p`;
const refused = (data: ErrorData) => data.response?.code === 403;

/**
 * Plays a video's signed HLS stream in `video`. This module (with hls.js) is imported by the player on the first press
 * of Play, and never before.
 * It picks the rendition by bandwidth (or the member's choice), and every request it makes carries a token with time
 * left: `xhrSetup` asks the store for one, which renews it shortly before it expires. A refusal (a link that died
 * during a long pause) renews once and resumes where the video was. Without Media Source Extensions but with HLS in
 * the browser (Safari on iPhone), the browser plays a link that lasts the whole video.
 */
export async function startPlayback(video: HTMLVideoElement, opts: PlaybackOptions): Promise<Playback> {
  if (!Hls.isSupported()) {
    if (video.canPlayType('application/vnd.apple.mpegurl')) return nativePlayback(video, opts);
    throw new Error('This browser cannot play the stream.');
  }
  const first = await freshStream(opts.id);
  if (!first) throw new Error('No stream link.');
  const hls = new Hls({
    // The worker would be a blob: script, which the site's Content-Security-Policy refuses; the segments are small.
    enableWorker: false,
    capLevelToPlayerSize: true,
    startPosition: opts.startAt || -1,
    xhrSetup: async (xhr, url) => {
      const stream = await freshStream(opts.id);
      xhr.open('GET', stream ? withToken(url, stream) : url, true);
    },
  });
  let renewed = false;
  let mediaRecovered = false;
  hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
    opts.onLevels(data.levels.map((l) => ({ name: levelName(l), height: l.height })));
    const chosen = data.levels.findIndex((l) => levelName(l) === opts.quality);
    if (chosen >= 0) hls.nextLevel = chosen;
  });
  hls.on(Hls.Events.LEVEL_SWITCHED, (_event, { level }) => {
    const l = hls.levels[level];
    if (l) opts.onLevel(levelName(l));
  });
  hls.on(Hls.Events.FRAG_LOADED, () => {
    renewed = false;
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) {
      // A refused request will be retried or replaced: with a fresh token, then.
      if (refused(data)) void freshStream(opts.id, { force: true });
      return;
    }
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
      mediaRecovered = true;
      hls.recoverMediaError();
      return;
    }
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR && !renewed) {
      renewed = true;
      const at = video.currentTime;
      void freshStream(opts.id, { force: true }).then((fresh) => {
        if (!fresh) return opts.onFatal();
        if (hls.levels.length) hls.startLoad(at);
        else hls.loadSource(fresh.url);
      });
      return;
    }
    opts.onFatal();
  });
  hls.attachMedia(video);
  hls.loadSource(first.url);
  return {
    setQuality: (quality) => {
      // nextLevel: the next segment comes from the chosen rendition, what is already buffered plays on.
      hls.nextLevel = quality === 'auto' ? -1 : hls.levels.findIndex((l) => levelName(l) === quality);
    },
    destroy: () => hls.destroy(),
  };
}

/** Safari's own HLS: one link long enough for the whole video (it cannot be renewed under the player's feet). */
async function nativePlayback(video: HTMLVideoElement, opts: PlaybackOptions): Promise<Playback> {
  const first = await freshStream(opts.id, { native: true, force: true });
  if (!first) throw new Error('No stream link.');
  let renewed = false;
  const onError = () => {
    if (renewed) return opts.onFatal();
    renewed = true;
    const at = video.currentTime;
    void freshStream(opts.id, { native: true, force: true }).then((fresh) => {
      if (!fresh) return opts.onFatal();
      video.src = fresh.url;
      const resume = () => {
        video.currentTime = at;
        void video.play().catch(() => {});
      };
      video.addEventListener('loadedmetadata', resume, { once: true });
    });
  };
  video.addEventListener('error', onError);
  if (opts.startAt) video.addEventListener('loadedmetadata', () => (video.currentTime = opts.startAt!), { once: true });
  video.src = first.url;
  opts.onLevels([]);
  return {
    setQuality: () => {},
    destroy: () => {
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}
