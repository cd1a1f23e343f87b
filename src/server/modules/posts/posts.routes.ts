import { DetailQuery } from '../../../shared/contracts/catalogue.ts';
import { Envelope, ErrorBody, IdParams, ListPayload } from '../../../shared/contracts/common.ts';
import { Post, PostSearchQuery } from '../../../shared/contracts/posts.ts';
import { ok, type App } from '../../types.ts';
import { viewerOf } from '../catalogue/access.ts';
import { visitorOf } from '../catalogue/views.ts';
import { SHARED_ANSWER, SHARED_ANSWER_UNCOUNTED } from '../../plugins/answer-cache.ts';

export async function postsRoutes(app: App) {
  const posts = app.services.posts;
  app.get(
    '/posts/search',
    {
      ...SHARED_ANSWER,
      schema: {
        operationId: 'posts_search',
        tags: ['catalogue'],
        summary: 'Posts and pages (type post|page)',
        querystring: PostSearchQuery,
        response: { 200: Envelope(ListPayload(Post)), 400: ErrorBody },
      },
    },
    async (request) => ok(await posts.search(request.query, viewerOf(request.auth))),
  );
  app.get(
    '/posts/:id',
    {
      ...SHARED_ANSWER_UNCOUNTED,
      schema: {
        operationId: 'posts_get',
        tags: ['catalogue'],
        summary: 'One post or page by _id or slug',
        params: IdParams,
        querystring: DetailQuery,
        response: { 200: Envelope(Post), 404: ErrorBody },
      },
    },
    async (request) => ok(await posts.get(request.params.id, viewerOf(request.auth), request.query.countView === false ? null : visitorOf(request))),
  );
}
