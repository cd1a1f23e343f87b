import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { VideoStream } from '../../shared/contracts/videos.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $quality, seedStream, setQuality, streams } from '../../stores/player.ts';
import type { Playback, Quality } from './playback.ts';

interface Props {
  /** The video's `_id`. */
  id: string;
  title: string;
  /** The poster's URL. */
  poster: string;
  width: number;
  height: number;
  /** The signed stream the page was rendered with (renewed through stores/player.ts while watching). */
  stream: VideoStream;
}

type Phase = 'poster' | 'loading' | 'playing' | 'error';

/**
 * The stream player: the poster and one large Play button until the member asks for the video; only then is the
 * player code (hls.js) fetched. Then the browser's own controls (keyboard play/pause/seek, captions when the stream
 * has any) and a quality menu: Auto (by bandwidth) or one rendition.
 */
export default function VideoPlayer({ id, title, poster, width, height, stream }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const playback = useRef<Playback | null>(null);
  const [phase, setPhase] = useState<Phase>('poster');
  // Whether the stream is attached to the <video> (its controls then stay, even after an error).
  const [attached, setAttached] = useState(false);
  const [levels, setLevels] = useState<Quality[]>([]);
  const [current, setCurrent] = useState<string | null>(null);
  const quality = useStore($quality);
  const renewal = streams.of(useStore(streams.$states), id);
  const selectId = useId();

  useEffect(() => seedStream(id, stream), [id, stream]);
  useEffect(() => () => playback.current?.destroy(), []);

  const start = async () => {
    const video = videoRef.current;
    if (!video || phase === 'loading') return;
    setPhase('loading');
    const at = video.currentTime;
    playback.current?.destroy();
    playback.current = null;
    setAttached(false);
    try {
      const { startPlayback } = await import('./playback.ts');
      playback.current = await startPlayback(video, {
        id,
        quality: $quality.get(),
        startAt: at,
        onLevels: setLevels,
        onLevel: setCurrent,
        onFatal: () => setPhase('error'),
      });
      setAttached(true);
      setPhase('playing');
      video.focus();
      // Refused only by a strict autoplay policy; the controls are there to start it by hand.
      await video.play().catch(() => {});
    } catch {
      setPhase('error');
    }
  };

  const choose = (value: string) => {
    setQuality(value);
    playback.current?.setQuality(value);
  };

  const started = attached && phase !== 'loading';
  const matching = quality === 'auto' || levels.some((l) => l.name === quality) ? quality : 'auto';
  return (
    <div className="video-player" data-phase={phase}>
      <video
        ref={videoRef}
        poster={poster}
        width={width}
        height={height}
        controls={started}
        preload="none"
        playsInline
        tabIndex={started ? 0 : -1}
        aria-label={title}
        data-testid="player"
      />
      {!started && (
        <button type="button" className="play-button" onClick={start} disabled={phase === 'loading'} aria-busy={phase === 'loading'} data-testid="play">
          <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
            <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
          </svg>
          <span className="visually-hidden">
            {phase === 'loading' ? 'Loading ' : 'Play '}
            {title}
          </span>
        </button>
      )}
      {phase === 'error' && (
        <div className="player-error" role="alert">
          <p>{renewal.status === 'error' ? messageOf(renewal.error) : 'The video stopped loading.'}</p>
          <button type="button" className="btn btn-primary" onClick={start}>
            Try again
          </button>
        </div>
      )}
      {levels.length > 1 && (
        <div className="quality">
          <label htmlFor={selectId}>Quality</label>
          <select id={selectId} value={matching} onChange={(e) => choose(e.currentTarget.value)} data-testid="quality">
            <option value="auto">{current && matching === 'auto' ? `Auto (${current})` : 'Auto'}</option>
            {[...levels]
              .sort((a, b) => b.height - a.height)
              .map((l) => (
                <option key={l.name} value={l.name}>
                  {l.name}
                </option>
              ))}
          </select>
        </div>
      )}
    </div>
  );
}
