import type { Db } from '../../db/client.ts';
import type { MediaView } from './media-view.ts';
import type { ViewCounter } from './views.ts';

/** What the catalogue services share: the database, the media mapper and the view counter. */
export interface CatalogueContext {
  db: Db;
  media: MediaView;
  views: ViewCounter;
}

export const statsOf = (r: { views: number; likes: number; favourites: number; comments: number }) => ({
  views: r.views,
  likes: r.likes,
  favourites: r.favourites,
  comments: r.comments,
});

/** The viewer flags of a row, and whether the access rule withholds the item (`isLocked`). */
export const flagsOf = (r: { isLiked: boolean; isFavourited: boolean; isWatchedLater: boolean; isBought: boolean }, allowed: boolean) => ({
  isLiked: r.isLiked,
  isFavourited: r.isFavourited,
  isWatchedLater: r.isWatchedLater,
  isBought: r.isBought,
  isLocked: !allowed,
});
