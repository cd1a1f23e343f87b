import { CurrentUser } from '../../../shared/contracts/users.ts';
import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { ok, type App } from '../../types.ts';
import { toCurrentUser } from './users.mapper.ts';

export async function usersRoutes(app: App) {
  app.get(
    '/users/me',
    {
      schema: { tags: ['users'], summary: 'The logged-in member', response: { 200: Envelope(CurrentUser), 401: ErrorBody } },
      preHandler: app.requireAuth,
    },
    async (request) => ok(toCurrentUser(request.auth!.user)),
  );
}
