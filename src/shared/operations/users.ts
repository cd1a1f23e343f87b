import type { ListResult } from '../api-client.ts';
import type { ListQuery } from '../contracts/common.ts';
import type { CurrentUser, ProfileUpdateBody, PublicUser } from '../contracts/users.ts';
import { op } from './operation.ts';

/** Members' profiles (SPEC.md: /users). The picture uploads (multipart) are routes of their own. */
export const USERS = {
  me: op<object, CurrentUser>('GET', '/users/me'),
  update: op<{ body: ProfileUpdateBody }, CurrentUser>('PUT', '/users'),
  search: op<{ query: ListQuery }, ListResult<PublicUser>>('GET', '/users/search'),
  view: op<{ params: { id: string } }, PublicUser>('GET', '/users/view/:id'),
};

/**
 * Routes, not operations (a multipart body): their addresses, written only here. An upload names its path with
 * `pathOf`; the server registers the route at the same path.
 */
export const USERS_RAW = {
  uploadAvatar: op<object, CurrentUser>('POST', '/users/avatar/upload'),
  uploadCover: op<object, CurrentUser>('POST', '/users/cover/upload'),
  uploadMemberAvatar: op<{ params: { id: string } }, CurrentUser>('POST', '/users/:id/avatar/upload'),
};
