import type { ListResult } from '../api-client.ts';
import type { DetailQuery } from '../contracts/catalogue.ts';
import type { Video, VideoSearchQuery, VideoStream, VideoStreamQuery } from '../contracts/videos.ts';
import { op } from './operation.ts';

type Id = { params: { id: string } };

export const VIDEOS = {
  search: op<{ query: VideoSearchQuery }, ListResult<Video>>('videos_search', 'GET', '/assets/videos/search'),
  get: op<Id & { query: DetailQuery }, Video>('videos_get', 'GET', '/assets/videos/:id'),
  stream: op<Id & { query: VideoStreamQuery }, VideoStream>('videos_stream', 'GET', '/assets/videos/:id/stream'),
};
