import type { WriteDeps } from './modules/content/content-writes.ts';
import type { AdminUploads } from './modules/media-library/uploads.ts';
import type { MediaPipeline } from './modules/media/media-pipeline.ts';
import { bannerWrites } from './modules/banners/banners.writes.ts';
import { categoryWrites } from './modules/categories/categories.writes.ts';
import { galleryWrites } from './modules/galleries/galleries.writes.ts';
import { galleryPhotoWrites } from './modules/galleries/photos.writes.ts';
import { postWrites } from './modules/posts/posts.writes.ts';
import { productWrites } from './modules/products/products.writes.ts';
import { storyWrites } from './modules/stories/stories.writes.ts';
import { videoWrites } from './modules/videos/videos.writes.ts';

/**
 * The content modules' writes (each module's `*.writes.ts`), composed once for the server (app.ts: `services.content`)
 * and for the operator CLI: the one way content changes, audited in each write's transaction and announced after it.
 */
export function contentModules(deps: WriteDeps, uploads: AdminUploads, media: () => MediaPipeline) {
  return {
    videos: videoWrites(deps, uploads, media),
    galleries: galleryWrites(deps, uploads),
    galleryPhotos: galleryPhotoWrites(deps),
    stories: storyWrites(deps, uploads),
    posts: postWrites(deps, uploads),
    products: productWrites(deps, uploads),
    banners: bannerWrites(deps, uploads),
    categories: categoryWrites(deps),
  };
}

export type ContentModules = ReturnType<typeof contentModules>;
