import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { AdminItem } from '../../shared/admin/resource.ts';
import type { MediaProgress } from '../../shared/socket-events.ts';
import { $mediaNews, catchUpMedia, mediaOf } from '../../stores/media.ts';

/** The thumbnail strip as the back office's video item carries it. */
interface StripView {
  url: string;
  interval: number;
  count: number;
  columns: number;
  width: number;
  height: number;
}

const LABELS: Record<MediaProgress['state'], string> = { processing: 'Making the streams', ready: 'Ready', failed: 'Failed' };

/**
 * A video's way through the media pipeline on its back-office page (the `media` panel), live: the step and a real
 * progress bar while it is processed, "Ready", or why it failed. Tells the form when the state changes, so that the
 * verbs that depend on it (Process again) follow.
 */
export default function MediaStatus({ item, onChange }: { item: AdminItem; onChange: (news: MediaProgress) => void }) {
  const heard = useStore($mediaNews, { keys: [item._id] })[item._id];
  const news = heard ?? mediaOf(item);
  const strip = item.strip as StripView | null | undefined;
  useEffect(() => catchUpMedia(item._id), [item._id]);
  useEffect(() => {
    if (heard && heard.state !== item.mediaState) onChange(heard);
  }, [heard?.state]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <section className="panel admin-media" aria-labelledby="media-title" data-testid="media-status" data-state={news.state}>
      <h2 id="media-title">Streams</h2>
      <p role="status">
        <strong>{LABELS[news.state]}</strong>
        {news.state === 'processing' && news.step ? ` · ${news.step}` : ''}
        {news.state === 'processing' ? ` · ${news.progress}%` : ''}
      </p>
      {news.state === 'processing' && <progress max={100} value={news.progress} aria-label="Processing the video" />}
      {news.state === 'failed' && news.error && <p className="field-error">{news.error}</p>}
      {news.state === 'ready' && strip && (
        <figure className="media-strip">
          <img
            src={strip.url}
            width={strip.columns * strip.width}
            height={Math.ceil(strip.count / strip.columns) * strip.height}
            alt={`${strip.count} frames of the video, one every ${strip.interval} s`}
            loading="lazy"
            data-testid="media-strip"
          />
          <figcaption className="muted">One frame every {strip.interval} s from the start, left to right: a guide for “Teaser starts at”.</figcaption>
        </figure>
      )}
    </section>
  );
}
