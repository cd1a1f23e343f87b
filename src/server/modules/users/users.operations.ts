import { CurrentUser, ProfileUpdateBody, PublicUser } from '../../../shared/contracts/users.ts';
import { IdParams, ListPayload, ListQuery } from '../../../shared/contracts/common.ts';
import { USERS } from '../../../shared/operations/users.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';
import { toCurrentUser } from './users.mapper.ts';

export function usersOperations(app: App) {
  const profiles = app.services.profiles;
  return operations(USERS, {
    me: {
      operationId: 'users_me',
      summary: 'The logged-in member',
      tags: ['users'],
      access: 'member',
      response: CurrentUser,
      errors: [401],
      run: (_input, { auth }) => toCurrentUser(auth!.user),
    },
    update: {
      operationId: 'users_update',
      summary: 'Update my profile (name, username, bio, country, language, phone, gender; cover: null removes it)',
      tags: ['users'],
      access: 'member',
      body: ProfileUpdateBody,
      response: CurrentUser,
      errors: [400, 401, 403, 404, 409, 413],
      run: ({ body }, { auth }) => profiles.update(auth!.user, body),
    },
    search: {
      operationId: 'users_search',
      summary: 'Members by name or username (public fields only)',
      tags: ['users'],
      access: 'anyone',
      query: ListQuery,
      response: ListPayload(PublicUser),
      errors: [400],
      run: ({ query }) => profiles.search(query.q, query.limit ?? 12, query.offset ?? 0),
    },
    view: {
      operationId: 'users_view',
      summary: 'A member’s public profile, by id or username',
      tags: ['users'],
      access: 'anyone',
      params: IdParams,
      response: PublicUser,
      errors: [404],
      run: ({ params }) => profiles.view(params.id),
    },
  });
}
