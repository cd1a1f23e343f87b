import type { ListResult } from '../api-client.ts';
import type { Gallery } from '../contracts/galleries.ts';
import type { ReactedItemsQuery, Reaction, ReactionBody, ReactionSearchQuery, ReactionState } from '../contracts/reactions.ts';
import type { Video } from '../contracts/videos.ts';
import { op } from './operation.ts';

/** A member's reactions: like, favourite, watch later (SPEC.md: /reactions). */
export const REACTIONS = {
  create: op<{ body: ReactionBody }, ReactionState>('POST', '/reactions'),
  remove: op<{ body: ReactionBody }, ReactionState>('DELETE', '/reactions'),
  search: op<{ query: ReactionSearchQuery }, ListResult<Reaction>>('GET', '/reactions'),
  videos: op<{ query: ReactedItemsQuery }, ListResult<Video>>('GET', '/reactions/videos'),
  galleries: op<{ query: ReactedItemsQuery }, ListResult<Gallery>>('GET', '/reactions/galleries'),
};
