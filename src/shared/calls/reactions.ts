/** One domain of the API calls (shared/calls.ts). Likes, favourites and watch-later, and the items a member reacted to. */
import type { ApiClient } from '../api-client.ts';
import type { ReactionBody, ReactionSearchQuery, ReactedItemsQuery } from '../contracts/reactions.ts';
import { REACTIONS } from '../operations/reactions.ts';

export const react = (api: ApiClient, body: ReactionBody) => api.call(REACTIONS.create, { body });
export const unreact = (api: ApiClient, body: ReactionBody) => api.call(REACTIONS.remove, { body });
export const reactions = (api: ApiClient, query: ReactionSearchQuery = {}) => api.call(REACTIONS.search, { query });
export const reactedVideos = (api: ApiClient, query: ReactedItemsQuery = {}) => api.call(REACTIONS.videos, { query });
export const reactedGalleries = (api: ApiClient, query: ReactedItemsQuery = {}) => api.call(REACTIONS.galleries, { query });
