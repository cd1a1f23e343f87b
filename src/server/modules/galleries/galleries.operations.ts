import { DetailQuery } from '../../../shared/contracts/catalogue.ts';
import { IdParams, ListPayload } from '../../../shared/contracts/common.ts';
import { Gallery, GallerySearchQuery, Photo, PhotoListQuery, PhotoSearchQuery } from '../../../shared/contracts/galleries.ts';
import { GALLERIES } from '../../../shared/operations/galleries.ts';
import { operations } from '../../operations/define.ts';
import { SHARED_ANSWER, SHARED_ANSWER_UNCOUNTED } from '../../plugins/answer-cache.ts';
import type { App } from '../../types.ts';
import { visitorOf } from '../catalogue/views.ts';

export function galleriesOperations(app: App) {
  const galleries = app.services.galleries;
  const tags = ['catalogue'];
  return operations(GALLERIES, {
    search: {
      operationId: 'galleries_search',
      summary: 'Galleries: search, filter, sort and page',
      tags,
      access: 'anyone',
      query: GallerySearchQuery,
      response: ListPayload(Gallery),
      errors: [400],
      route: SHARED_ANSWER,
      run: ({ query }, { viewer }) => galleries.search(query, viewer),
    },
    get: {
      operationId: 'galleries_get',
      summary: 'One gallery by _id or slug (counts a view)',
      tags,
      access: 'anyone',
      params: IdParams,
      query: DetailQuery,
      response: Gallery,
      errors: [404],
      route: SHARED_ANSWER_UNCOUNTED,
      run: ({ params, query }, ctx) => galleries.view(params.id, ctx.viewer, query.countView === false ? null : visitorOf(ctx)),
    },
    photosOf: {
      operationId: 'galleries_photos',
      summary: 'The photos of that gallery, in order; full size only for entitled viewers',
      tags,
      access: 'anyone',
      params: IdParams,
      query: PhotoListQuery,
      response: ListPayload(Photo),
      errors: [400, 404],
      route: SHARED_ANSWER,
      run: ({ params, query }, { viewer }) => galleries.photosOf(params.id, query, viewer),
    },
    photos: {
      operationId: 'photos_search',
      summary: 'Photos, filtered by target and targetId',
      tags,
      access: 'anyone',
      query: PhotoSearchQuery,
      response: ListPayload(Photo),
      errors: [400],
      run: ({ query }, { viewer }) => galleries.photos(query, viewer),
    },
  });
}
