import type { ListResult } from '../api-client.ts';
import type { DetailQuery } from '../contracts/catalogue.ts';
import type { BeforeAfter, Story, StorySearchQuery } from '../contracts/stories.ts';
import { op } from './operation.ts';

type Id = { params: { id: string } };

export const STORIES = {
  search: op<{ query: StorySearchQuery }, ListResult<Story>>('GET', '/stories/search'),
  get: op<Id & { query: DetailQuery }, Story>('GET', '/stories/:id/view'),
  beforeAfter: op<Id & { query: { limit?: number } }, BeforeAfter>('GET', '/stories/:id/before-after'),
};
