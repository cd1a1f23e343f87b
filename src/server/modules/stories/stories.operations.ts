import { DetailQuery } from '../../../shared/contracts/catalogue.ts';
import { IdParams, ListPayload } from '../../../shared/contracts/common.ts';
import { BeforeAfter, BeforeAfterQuery, Story, StorySearchQuery } from '../../../shared/contracts/stories.ts';
import { STORIES } from '../../../shared/operations/stories.ts';
import { operations } from '../../operations/define.ts';
import { SHARED_ANSWER, SHARED_ANSWER_UNCOUNTED } from '../../plugins/answer-cache.ts';
import type { App } from '../../types.ts';
import { visitorOf } from '../catalogue/views.ts';

export function storiesOperations(app: App) {
  const stories = app.services.stories;
  const tags = ['catalogue'];
  return operations(STORIES, {
    search: {
      operationId: 'stories_search',
      summary: 'Stories: search, filter, sort and page',
      tags,
      access: 'anyone',
      query: StorySearchQuery,
      response: ListPayload(Story),
      errors: [400],
      route: SHARED_ANSWER,
      run: ({ query }, { viewer }) => stories.search(query, viewer),
    },
    get: {
      operationId: 'stories_get',
      summary: 'One story by _id or slug (counts a view); its content only for viewers allowed to read it',
      tags,
      access: 'anyone',
      params: IdParams,
      query: DetailQuery,
      response: Story,
      errors: [404],
      route: SHARED_ANSWER_UNCOUNTED,
      run: ({ params, query }, ctx) => stories.view(params.id, ctx.viewer, query.countView === false ? null : visitorOf(ctx)),
    },
    beforeAfter: {
      operationId: 'stories_before_after',
      summary: 'Neighbouring stories in publication order (limit per side, default 2)',
      tags,
      access: 'anyone',
      params: IdParams,
      query: BeforeAfterQuery,
      response: BeforeAfter,
      errors: [400, 404],
      route: SHARED_ANSWER,
      run: ({ params, query }, { viewer }) => stories.beforeAfter(params.id, query.limit ?? 2, viewer),
    },
  });
}
