import type { ListResult } from '../api-client.ts';
import type { DetailQuery } from '../contracts/catalogue.ts';
import type { Post, PostSearchQuery } from '../contracts/posts.ts';
import { op } from './operation.ts';

export const POSTS = {
  search: op<{ query: PostSearchQuery }, ListResult<Post>>('GET', '/posts/search'),
  get: op<{ params: { id: string }; query: DetailQuery }, Post>('GET', '/posts/:id'),
};
