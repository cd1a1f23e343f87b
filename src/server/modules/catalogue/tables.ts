import { sql } from 'drizzle-orm';
import { galleries, posts, products, stories, videos, PUBLIC_WHERE } from '../../db/schema.ts';
import type { CatalogueTable } from './kinds.ts';

const shared = (t: typeof videos | typeof galleries | typeof stories | typeof posts | typeof products, name: keyof typeof PUBLIC_WHERE) => ({
  id: t.id,
  slug: t.slug,
  status: t.status,
  hidden: t.hidden,
  public: sql.raw(PUBLIC_WHERE[name]),
  createdAt: t.createdAt,
  views: t.views,
  categoryIds: t.categoryIds,
  search: t.search,
});

/** The catalogue's tables as the shared list code sees them; `fields` are the resource's `sortBy` field names. */
export const VIDEOS: CatalogueTable<typeof videos> = {
  kind: 'video',
  table: videos,
  columns: {
    // A new video still in the media pipeline (or failed there) is the back office's only; one whose file is being
    // replaced keeps playing its current renditions until the new ones are ready (PUBLIC_WHERE.videos).
    ...shared(videos, 'videos'),
    scheduledAt: videos.scheduledAt,
    isSchedule: videos.isSchedule,
    fields: { title: videos.title, price: videos.price, createdAt: videos.createdAt },
  },
};
export const GALLERIES: CatalogueTable<typeof galleries> = {
  kind: 'gallery',
  table: galleries,
  columns: {
    // A gallery without photos has no cover: never public (the back office does not publish it either).
    ...shared(galleries, 'galleries'),
    scheduledAt: galleries.scheduledAt,
    fields: { title: galleries.title, price: galleries.price, createdAt: galleries.createdAt },
  },
};
export const STORIES: CatalogueTable<typeof stories> = {
  kind: 'story',
  table: stories,
  columns: {
    ...shared(stories, 'stories'),
    publishedAt: stories.publishedAt,
    fields: { title: stories.title, price: stories.price, publishedAt: stories.publishedAt },
  },
};
export const POSTS: CatalogueTable<typeof posts> = {
  kind: 'post',
  table: posts,
  columns: { ...shared(posts, 'posts'), publishedAt: posts.publishedAt, fields: { title: posts.title, publishedAt: posts.publishedAt } },
};
export const PRODUCTS: CatalogueTable<typeof products> = {
  kind: 'product',
  table: products,
  columns: {
    ...shared(products, 'products'),
    scheduledAt: products.scheduledAt,
    fields: { name: products.name, price: products.price, createdAt: products.createdAt },
  },
};
