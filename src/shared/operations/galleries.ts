import type { ListResult } from '../api-client.ts';
import type { DetailQuery } from '../contracts/catalogue.ts';
import type { Gallery, GallerySearchQuery, Photo, PhotoListQuery, PhotoSearchQuery } from '../contracts/galleries.ts';
import { op } from './operation.ts';

type Id = { params: { id: string } };

export const GALLERIES = {
  search: op<{ query: GallerySearchQuery }, ListResult<Gallery>>('galleries_search', 'GET', '/assets/galleries/search'),
  get: op<Id & { query: DetailQuery }, Gallery>('galleries_get', 'GET', '/assets/galleries/:id/view'),
  photosOf: op<Id & { query: PhotoListQuery }, ListResult<Photo>>('galleries_photos', 'GET', '/assets/galleries/:id/photos'),
  photos: op<{ query: PhotoSearchQuery }, ListResult<Photo>>('photos_search', 'GET', '/assets/photos'),
};
