import type { ImageRef } from './contracts/media.ts';
import type { Video } from './contracts/videos.ts';
import type { Gallery } from './contracts/galleries.ts';
import type { Story } from './contracts/stories.ts';

/** The grid's column widths, for a card picture's `sizes`: one column on phones up to five on wide screens. */
export const CARD_SIZES = '(max-width: 520px) 100vw, (max-width: 860px) 50vw, (max-width: 1200px) 33vw, 280px';

/** What a lockable item (one that can be priced) shows of itself. */
export interface LockableItems {
  video: Video;
  gallery: Gallery;
  story: Story;
}

/**
 * The picture on a lockable item's card (cards.ts draws every card with it). Apart from cards.ts so that a member's
 * page can put it on the cards they unlocked (scripts/unlocked-cards.ts) without carrying every card's drawing.
 */
export function cardPicture<K extends keyof LockableItems>(kind: K, item: LockableItems[K]): ImageRef {
  const pictures: { [P in keyof LockableItems]: (item: LockableItems[P]) => ImageRef } = {
    video: (v) => v.thumbnail,
    gallery: (g) => g.coverPhoto,
    story: (s) => s.coverImage,
  };
  return pictures[kind](item);
}
