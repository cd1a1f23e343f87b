import { SetupBody, SetupResult, SetupStatus } from '../../../shared/contracts/setup.ts';
import { SETUP } from '../../../shared/operations/setup.ts';
import { addressKey, keyedLimit } from '../../lib/http/limits.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

/** First run: whether the site still needs its admin, and creating that admin with the setup token. */
export function setupOperations(app: App) {
  const { setup } = app.services;
  return operations(SETUP, {
    status: {
      operationId: 'setup_status',
      summary: 'Whether the site still needs its first admin (setup token printed at start)',
      tags: ['site'],
      access: 'anyone',
      response: SetupStatus,
      errors: [],
      run: async (_input, { answerHeaders }) => {
        answerHeaders['cache-control'] = 'no-store';
        return { needed: await setup.needed() };
      },
    },
    createAdmin: {
      operationId: 'setup_create_admin',
      summary: 'Create the first admin account with the setup token; answers a session token like a login',
      tags: ['site'],
      access: 'anyone',
      body: SetupBody,
      response: SetupResult,
      errors: [400, 409, 429],
      limits: [keyedLimit(app, { what: 'setup attempts', max: 10, windowMs: 10 * 60_000, key: (request) => addressKey(request.ip) })],
      run: ({ body }, { ip, headers }) => setup.complete(body, { ip, userAgent: headers['user-agent'] }),
    },
  });
}
