import type { ListResult } from '../api-client.ts';
import type { ListQuery } from '../contracts/common.ts';
import type { CurrentUser, ProfileUpdateBody, PublicUser } from '../contracts/users.ts';
import { op } from './operation.ts';

/** Members' profiles (SPEC.md: /users). The picture uploads (multipart) are routes of their own. */
export const USERS = {
  me: op<object, CurrentUser>('users_me', 'GET', '/users/me'),
  update: op<{ body: ProfileUpdateBody }, CurrentUser>('users_update', 'PUT', '/users'),
  search: op<{ query: ListQuery }, ListResult<PublicUser>>('users_search', 'GET', '/users/search'),
  view: op<{ params: { id: string } }, PublicUser>('users_view', 'GET', '/users/view/:id'),
};
