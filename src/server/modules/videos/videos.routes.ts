import { DetailQuery } from '../../../shared/contracts/catalogue.ts';
import { Envelope, ErrorBody, IdParams, ListPayload } from '../../../shared/contracts/common.ts';
import { Video, VideoSearchQuery, VideoStream, VideoStreamQuery } from '../../../shared/contracts/videos.ts';
import { ok, type App } from '../../types.ts';
import { viewerOf } from '../catalogue/access.ts';
import { visitorOf } from '../catalogue/views.ts';
import { SHARED_ANSWER, SHARED_ANSWER_UNCOUNTED } from '../../plugins/answer-cache.ts';

export async function videosRoutes(app: App) {
  const videos = app.services.videos;
  app.get(
    '/assets/videos/search',
    {
      ...SHARED_ANSWER,
      schema: {
        operationId: 'videos_search',
        tags: ['catalogue'],
        summary: 'Videos: search, filter (categories, excludedId for related, isSale, dates), sort and page',
        querystring: VideoSearchQuery,
        response: { 200: Envelope(ListPayload(Video)), 400: ErrorBody },
      },
    },
    async (request) => ok(await videos.search(request.query, viewerOf(request.auth))),
  );
  app.get(
    '/assets/videos/:id',
    {
      ...SHARED_ANSWER_UNCOUNTED,
      schema: {
        operationId: 'videos_get',
        tags: ['catalogue'],
        summary: 'One video by _id or slug (counts a view); the stream links only for viewers allowed to watch',
        params: IdParams,
        querystring: DetailQuery,
        response: { 200: Envelope(Video), 404: ErrorBody },
      },
    },
    async (request) => ok(await videos.get(request.params.id, viewerOf(request.auth), request.query.countView === false ? null : visitorOf(request))),
  );
  app.get(
    '/assets/videos/:id/stream',
    {
      schema: {
        operationId: 'videos_stream',
        tags: ['catalogue'],
        summary: 'A fresh signed HLS master playlist link (renewed by the player while watching); 403 unless the viewer may watch',
        params: IdParams,
        querystring: VideoStreamQuery,
        response: { 200: Envelope(VideoStream), 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ok(await videos.stream(request.params.id, viewerOf(request.auth), { native: request.query.native })),
  );
}
