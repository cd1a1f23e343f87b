import { DetailQuery } from '../../../shared/contracts/catalogue.ts';
import { IdParams, ListPayload } from '../../../shared/contracts/common.ts';
import { Video, VideoSearchQuery, VideoStream, VideoStreamQuery } from '../../../shared/contracts/videos.ts';
import { VIDEOS } from '../../../shared/operations/videos.ts';
import { operations } from '../../operations/define.ts';
import { SHARED_ANSWER, SHARED_ANSWER_UNCOUNTED } from '../../plugins/answer-cache.ts';
import type { App } from '../../types.ts';
import { visitorOf } from '../catalogue/views.ts';

export function videosOperations(app: App) {
  const videos = app.services.videos;
  return operations(VIDEOS, {
    search: {
      operationId: 'videos_search',
      summary: 'Videos: search, filter (categories, excludedId for related, isSale, dates), sort and page',
      tags: ['catalogue'],
      access: 'anyone',
      query: VideoSearchQuery,
      response: ListPayload(Video),
      errors: [400],
      route: SHARED_ANSWER,
      run: ({ query }, { viewer }) => videos.search(query, viewer),
    },
    get: {
      operationId: 'videos_get',
      summary: 'One video by _id or slug (counts a view); the stream links only for viewers allowed to watch',
      tags: ['catalogue'],
      access: 'anyone',
      params: IdParams,
      query: DetailQuery,
      response: Video,
      errors: [404],
      route: SHARED_ANSWER_UNCOUNTED,
      run: ({ params, query }, ctx) => videos.get(params.id, ctx.viewer, query.countView === false ? null : visitorOf(ctx)),
    },
    stream: {
      operationId: 'videos_stream',
      summary: 'A fresh signed HLS master playlist link (renewed by the player while watching); 403 unless the viewer may watch',
      tags: ['catalogue'],
      access: 'anyone',
      params: IdParams,
      query: VideoStreamQuery,
      response: VideoStream,
      errors: [403, 404],
      run: ({ params, query }, { viewer }) => videos.stream(params.id, viewer, { native: query.native }),
    },
  });
}
