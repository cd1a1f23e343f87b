import { DetailQuery } from '../../../shared/contracts/catalogue.ts';
import { Envelope, ErrorBody, IdParams, ListPayload } from '../../../shared/contracts/common.ts';
import { Gallery, GallerySearchQuery, Photo, PhotoListQuery, PhotoSearchQuery } from '../../../shared/contracts/galleries.ts';
import { ok, type App } from '../../types.ts';
import { viewerOf } from '../catalogue/access.ts';
import { visitorOf } from '../catalogue/views.ts';
import { SHARED_ANSWER, SHARED_ANSWER_UNCOUNTED } from '../../plugins/answer-cache.ts';

export async function galleriesRoutes(app: App) {
  const galleries = app.services.galleries;
  const tags = ['catalogue'];
  app.get(
    '/assets/galleries/search',
    {
      ...SHARED_ANSWER,
      schema: {
        operationId: 'galleries_search',
        tags,
        summary: 'Galleries: search, filter, sort and page',
        querystring: GallerySearchQuery,
        response: { 200: Envelope(ListPayload(Gallery)), 400: ErrorBody },
      },
    },
    async (request) => ok(await galleries.search(request.query, viewerOf(request.auth))),
  );
  app.get(
    '/assets/galleries/:id/view',
    {
      ...SHARED_ANSWER_UNCOUNTED,
      schema: {
        operationId: 'galleries_get',
        tags,
        summary: 'One gallery by _id or slug (counts a view)',
        params: IdParams,
        querystring: DetailQuery,
        response: { 200: Envelope(Gallery), 404: ErrorBody },
      },
    },
    async (request) => ok(await galleries.view(request.params.id, viewerOf(request.auth), request.query.countView === false ? null : visitorOf(request))),
  );
  app.get(
    '/assets/galleries/:id/photos',
    {
      ...SHARED_ANSWER,
      schema: {
        operationId: 'galleries_photos',
        tags,
        summary: 'The photos of that gallery, in order; full size only for entitled viewers',
        params: IdParams,
        querystring: PhotoListQuery,
        response: { 200: Envelope(ListPayload(Photo)), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ok(await galleries.photosOf(request.params.id, request.query, viewerOf(request.auth))),
  );
  app.get(
    '/assets/photos',
    {
      schema: {
        operationId: 'photos_search',
        tags,
        summary: 'Photos, filtered by target and targetId',
        querystring: PhotoSearchQuery,
        response: { 200: Envelope(ListPayload(Photo)), 400: ErrorBody },
      },
    },
    async (request) => ok(await galleries.photos(request.query, viewerOf(request.auth))),
  );
}
