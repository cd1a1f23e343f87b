import type { ListResult } from '../api-client.ts';
import type { DetailQuery } from '../contracts/catalogue.ts';
import type { Video, VideoSearchQuery, VideoStream, VideoStreamQuery } from '../contracts/videos.ts';
import { op } from './operation.ts';

type Id = { params: { id: string } };

export const VIDEOS = {
  search: op<{ query: VideoSearchQuery }, ListResult<Video>>('GET', '/assets/videos/search'),
  get: op<Id & { query: DetailQuery }, Video>('GET', '/assets/videos/:id'),
  stream: op<Id & { query: VideoStreamQuery }, VideoStream>('GET', '/assets/videos/:id/stream'),
};
