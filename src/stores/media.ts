import { map, onMount } from 'nanostores';
import { admin } from '../client/admin-api.ts';
import type { MediaProgress } from '../shared/socket-events.ts';
import { onLive } from './live.ts';
import { payload } from './request.ts';

/** The media pipeline's latest news per video, as the back office hears it live (admins only). */
export const $mediaNews = map<Record<string, MediaProgress | undefined>>({});
onMount($mediaNews, () =>
  onLive('media_progress', (news) => {
    $mediaNews.setKey(news.videoId, news);
  }),
);

/** The pipeline's state as the back office's video item carries it. */
export const mediaOf = (item: Record<string, unknown>): MediaProgress => ({
  videoId: String(item._id),
  state: item.mediaState as MediaProgress['state'],
  progress: Number(item.mediaProgress ?? 0),
  step: (item.mediaStep as string | null) ?? null,
  error: (item.mediaError as string | null) ?? null,
});

/**
 * Reads one video's state again: news sent before this page's live connection joined the admins' room is not heard,
 * so a page catches up when its connection (re)joins.
 */
export const catchUpMedia = (videoId: string) =>
  onLive('auth/status', ({ authenticated }) => {
    if (!authenticated) return;
    void payload(admin.get('videos', videoId)).then(
      (item) => $mediaNews.setKey(videoId, mediaOf(item)),
      () => {},
    );
  });
