import type { ImageRef } from './contracts/media.ts';
import type { Video } from './contracts/videos.ts';
import type { Gallery } from './contracts/galleries.ts';
import type { Story } from './contracts/stories.ts';
import type { Post } from './contracts/posts.ts';
import type { Product } from './contracts/products.ts';
import { itemRoute, type CatalogueKind } from './routes.ts';
import { deepFreeze } from './deep-freeze.ts';
import { cardPicture } from './card-picture.ts';

export { CARD_SIZES } from './card-picture.ts';

/** What a catalogue card shows, whatever the item: one card component renders every list (server and 'more'). */
export interface CardModel {
  id: string;
  kind: CatalogueKind;
  href: string;
  title: string;
  image: ImageRef | null;
  /** Shape of the thumbnail: wide 16/9 (video, story, post), portrait 4/5 (gallery cover), square 1/1 (product); a class, not a style attribute. */
  aspect: 'wide' | 'portrait' | 'square';
  /** Token price, 0 for free. */
  price: number;
  isLocked: boolean;
  /** A short overlay (duration, number of photos). */
  badge: string | null;
  /** A line under the title (views, stock, date). */
  meta: string;
}

export type CatalogueItem = Video | Gallery | Story | Post | Product;

export function formatDuration(seconds: number | null | undefined): string | null {
  if (!seconds && seconds !== 0) return null;
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** "1 view", "1,234 views". */
export const views = (n: number) => `${n.toLocaleString('en')} view${n === 1 ? '' : 's'}`;
const day = (iso: string) => new Date(iso).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function toCard(kind: CatalogueKind, item: CatalogueItem): CardModel {
  switch (kind) {
    case 'video': {
      const v = item as Video;
      return {
        id: v._id,
        kind,
        href: itemRoute(kind, v.slug),
        title: v.title,
        image: cardPicture(kind, v),
        aspect: 'wide',
        price: v.isSale ? v.price : 0,
        isLocked: v.isLocked,
        badge: formatDuration(v.video.duration),
        meta: views(v.stats.views),
      };
    }
    case 'gallery': {
      const g = item as Gallery;
      return {
        id: g._id,
        kind,
        href: itemRoute(kind, g.slug),
        title: g.title,
        image: cardPicture(kind, g),
        aspect: 'portrait',
        price: g.isSale ? g.price : 0,
        isLocked: g.isLocked,
        badge: `${g.numOfItems} photos`,
        meta: views(g.stats.views),
      };
    }
    case 'story': {
      const s = item as Story;
      return {
        id: s._id,
        kind,
        href: itemRoute(kind, s.slug),
        title: s.title,
        image: cardPicture(kind, s),
        aspect: 'wide',
        price: s.isSale ? s.price : 0,
        isLocked: s.isLocked,
        badge: null,
        meta: day(s.publishedAt),
      };
    }
    case 'post': {
      const p = item as Post;
      return {
        id: p._id,
        kind,
        href: itemRoute(kind, p.slug),
        title: p.title,
        image: p.image,
        aspect: 'wide',
        price: 0,
        isLocked: false,
        badge: null,
        meta: day(p.publishedAt),
      };
    }
    case 'product': {
      const p = item as Product;
      const stock = p.type === 'digital' ? 'Digital download' : p.stock ? `${p.stock} in stock` : 'Sold out';
      return {
        id: p._id,
        kind,
        href: itemRoute(kind, p.slug),
        title: p.name,
        image: p.images[0] ?? null,
        aspect: 'square',
        price: p.price,
        isLocked: false,
        badge: null,
        meta: stock,
      };
    }
  }
}

const drawn = new WeakMap<readonly CatalogueItem[], { kind: CatalogueKind; cards: readonly CardModel[] }>();

/**
 * The cards of a list of items. A frozen list (a stored answer's, the same object at every render that shows it,
 * site/transport.ts) is turned into cards once, frozen too, so that a grid's key is worked out once as well
 * (ui/kept-html.ts `keyOfFrozen`).
 */
export function toCards(kind: CatalogueKind, items: readonly CatalogueItem[]): readonly CardModel[] {
  if (!Object.isFrozen(items)) return items.map((item) => toCard(kind, item));
  const known = drawn.get(items);
  if (known?.kind === kind) return known.cards;
  const cards = deepFreeze(items.map((item) => toCard(kind, item)));
  drawn.set(items, { kind, cards });
  return cards;
}
