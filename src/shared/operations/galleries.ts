import type { ListResult } from '../api-client.ts';
import type { DetailQuery } from '../contracts/catalogue.ts';
import type { Gallery, GallerySearchQuery, Photo, PhotoListQuery, PhotoSearchQuery } from '../contracts/galleries.ts';
import { op } from './operation.ts';

type Id = { params: { id: string } };

export const GALLERIES = {
  search: op<{ query: GallerySearchQuery }, ListResult<Gallery>>('GET', '/assets/galleries/search'),
  get: op<Id & { query: DetailQuery }, Gallery>('GET', '/assets/galleries/:id/view'),
  photosOf: op<Id & { query: PhotoListQuery }, ListResult<Photo>>('GET', '/assets/galleries/:id/photos'),
  photos: op<{ query: PhotoSearchQuery }, ListResult<Photo>>('GET', '/assets/photos'),
};
