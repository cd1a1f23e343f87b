/** One domain of the API calls (shared/calls.ts). The site's settings and country check, and the catalogue: lists, items, streams, search, the sitemap. */
import type { ApiClient, ApiResponse, ListResult, Query } from '../api-client.ts';
import type { CatalogueItem } from '../cards.ts';
import type { CatalogueKind } from '../routes.ts';
import type { CategorySearchQuery } from '../contracts/categories.ts';
import type { DetailQuery } from '../contracts/catalogue.ts';
import type { Video, VideoSearchQuery, VideoStreamQuery } from '../contracts/videos.ts';
import type { Gallery, GallerySearchQuery, PhotoListQuery, PhotoSearchQuery } from '../contracts/galleries.ts';
import type { Story, StorySearchQuery } from '../contracts/stories.ts';
import type { PostSearchQuery } from '../contracts/posts.ts';
import type { Product, ProductSearchQuery } from '../contracts/products.ts';
import type { BannerSearchQuery } from '../contracts/banners.ts';
import type { SitemapKind } from '../contracts/sitemap.ts';
import { VIDEOS } from '../operations/videos.ts';
import { GALLERIES } from '../operations/galleries.ts';
import { STORIES } from '../operations/stories.ts';
import { POSTS } from '../operations/posts.ts';
import { PRODUCTS } from '../operations/products.ts';
import { BANNERS } from '../operations/banners.ts';
import { CATEGORIES } from '../operations/categories.ts';
import { SEARCH } from '../operations/search.ts';
import { SITEMAP } from '../operations/sitemap.ts';
import { SETTINGS } from '../operations/settings.ts';
import { COUNTRY_BLOCK } from '../operations/country-block.ts';

export const publicSettings = (api: ApiClient, group?: string) => api.call(SETTINGS.public, { query: { group } });
export const countryCheck = (api: ApiClient) => api.call(COUNTRY_BLOCK.check, {});
export const categories = (api: ApiClient, query: CategorySearchQuery = {}) => api.call(CATEGORIES.search, { query });
export const videos = (api: ApiClient, query: VideoSearchQuery = {}) => api.call(VIDEOS.search, { query });
export const video = (api: ApiClient, id: string, query: DetailQuery = {}) => api.call(VIDEOS.get, { params: { id }, query });
export const videoStream = (api: ApiClient, id: string, query: VideoStreamQuery = {}) => api.call(VIDEOS.stream, { params: { id }, query });
export const galleries = (api: ApiClient, query: GallerySearchQuery = {}) => api.call(GALLERIES.search, { query });
export const gallery = (api: ApiClient, id: string, query: DetailQuery = {}) => api.call(GALLERIES.get, { params: { id }, query });
export const galleryPhotos = (api: ApiClient, id: string, query: PhotoListQuery = {}) => api.call(GALLERIES.photosOf, { params: { id }, query });
export const photos = (api: ApiClient, query: PhotoSearchQuery = {}) => api.call(GALLERIES.photos, { query });
export const stories = (api: ApiClient, query: StorySearchQuery = {}) => api.call(STORIES.search, { query });
export const story = (api: ApiClient, id: string, query: DetailQuery = {}) => api.call(STORIES.get, { params: { id }, query });
export const storyBeforeAfter = (api: ApiClient, id: string, limit = 2) => api.call(STORIES.beforeAfter, { params: { id }, query: { limit } });
export const posts = (api: ApiClient, query: PostSearchQuery = {}) => api.call(POSTS.search, { query });
export const post = (api: ApiClient, id: string, query: DetailQuery = {}) => api.call(POSTS.get, { params: { id }, query });
export const products = (api: ApiClient, query: ProductSearchQuery = {}) => api.call(PRODUCTS.search, { query });
export const product = (api: ApiClient, id: string, query: DetailQuery = {}) => api.call(PRODUCTS.get, { params: { id }, query });
export const banners = (api: ApiClient, query: BannerSearchQuery = {}) => api.call(BANNERS.search, { query });
export const searchTotal = (api: ApiClient, q: string) => api.call(SEARCH.totals, { query: { q } });
export const sitemapMonths = (api: ApiClient) => api.call(SITEMAP.months, {});
export const sitemapEntries = (api: ApiClient, kind: SitemapKind, month: string) => api.call(SITEMAP.entries, { params: { kind, month } });
/** The items with a page of their own that a member reacts to (and unlocks, some of them), by kind. */
export interface DetailItems {
  video: Video;
  gallery: Gallery;
  story: Story;
  product: Product;
}
export type DetailKind = keyof DetailItems;

/** The call of one item of each kind, as the API shows it to whoever asks (item pages, their islands, a member's reactions). */
export const ITEM_CALLS: { [K in DetailKind]: (api: ApiClient, id: string, query?: DetailQuery) => Promise<ApiResponse<DetailItems[K]>> } = {
  video,
  gallery,
  story,
  product,
};

/** The list call of each catalogue kind (list pages, 'more', feeds and the sitemap all page through it). */
export const LIST_CALLS = { video: videos, gallery: galleries, story: stories, post: posts, product: products } as Record<
  CatalogueKind,
  (api: ApiClient, query: Query) => Promise<ApiResponse<ListResult<CatalogueItem>>>
>;
