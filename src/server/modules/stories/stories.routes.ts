import { DetailQuery } from '../../../shared/contracts/catalogue.ts';
import { Envelope, ErrorBody, IdParams, ListPayload } from '../../../shared/contracts/common.ts';
import { BeforeAfter, BeforeAfterQuery, Story, StorySearchQuery } from '../../../shared/contracts/stories.ts';
import { ok, type App } from '../../types.ts';
import { viewerOf } from '../catalogue/access.ts';
import { visitorOf } from '../catalogue/views.ts';
import { SHARED_ANSWER, SHARED_ANSWER_UNCOUNTED } from '../../plugins/answer-cache.ts';

export async function storiesRoutes(app: App) {
  const stories = app.services.stories;
  const tags = ['catalogue'];
  app.get(
    '/stories/search',
    {
      ...SHARED_ANSWER,
      schema: {
        operationId: 'stories_search',
        tags,
        summary: 'Stories: search, filter, sort and page',
        querystring: StorySearchQuery,
        response: { 200: Envelope(ListPayload(Story)), 400: ErrorBody },
      },
    },
    async (request) => ok(await stories.search(request.query, viewerOf(request.auth))),
  );
  app.get(
    '/stories/:id/view',
    {
      ...SHARED_ANSWER_UNCOUNTED,
      schema: {
        operationId: 'stories_get',
        tags,
        summary: 'One story by _id or slug (counts a view); its content only for viewers allowed to read it',
        params: IdParams,
        querystring: DetailQuery,
        response: { 200: Envelope(Story), 404: ErrorBody },
      },
    },
    async (request) => ok(await stories.view(request.params.id, viewerOf(request.auth), request.query.countView === false ? null : visitorOf(request))),
  );
  app.get(
    '/stories/:id/before-after',
    {
      ...SHARED_ANSWER,
      schema: {
        operationId: 'stories_before_after',
        tags,
        summary: 'Neighbouring stories in publication order (limit per side, default 2)',
        params: IdParams,
        querystring: BeforeAfterQuery,
        response: { 200: Envelope(BeforeAfter), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ok(await stories.beforeAfter(request.params.id, request.query.limit ?? 2, viewerOf(request.auth))),
  );
}
