import { useStore } from '@nanostores/react';
import type { AdminItem } from '../../shared/admin/resource.ts';
import { mediaLabel } from '../../shared/admin/resources/videos.ts';
import { $mediaNews, mediaOf } from '../../stores/media.ts';

/** A video row's "Streams" cell: what the list read, then the media pipeline's live news of that video. */
export default function MediaCell({ item }: { item: AdminItem }) {
  const news = useStore($mediaNews, { keys: [item._id] })[item._id] ?? mediaOf(item);
  return <span data-testid="media-cell">{mediaLabel(news.state, news.progress)}</span>;
}
