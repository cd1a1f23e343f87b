import { DetailQuery } from '../../../shared/contracts/catalogue.ts';
import { IdParams, ListPayload } from '../../../shared/contracts/common.ts';
import { Post, PostSearchQuery } from '../../../shared/contracts/posts.ts';
import { POSTS } from '../../../shared/operations/posts.ts';
import { operations } from '../../operations/define.ts';
import { SHARED_ANSWER, SHARED_ANSWER_UNCOUNTED } from '../../plugins/answer-cache.ts';
import type { App } from '../../types.ts';
import { visitorOf } from '../catalogue/views.ts';

export function postsOperations(app: App) {
  const posts = app.services.posts;
  return operations(POSTS, {
    search: {
      operationId: 'posts_search',
      summary: 'Posts and pages (type post|page)',
      tags: ['catalogue'],
      access: 'anyone',
      query: PostSearchQuery,
      response: ListPayload(Post),
      errors: [400],
      route: SHARED_ANSWER,
      run: ({ query }, { viewer }) => posts.search(query, viewer),
    },
    get: {
      operationId: 'posts_get',
      summary: 'One post or page by _id or slug',
      tags: ['catalogue'],
      access: 'anyone',
      params: IdParams,
      query: DetailQuery,
      response: Post,
      errors: [404],
      route: SHARED_ANSWER_UNCOUNTED,
      run: ({ params, query }, ctx) => posts.get(params.id, ctx.viewer, query.countView === false ? null : visitorOf(ctx)),
    },
  });
}
