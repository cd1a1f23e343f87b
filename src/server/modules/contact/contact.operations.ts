import { ContactBody } from '../../../shared/contracts/community.ts';
import { MessageResult } from '../../../shared/contracts/accounts.ts';
import { CONTACT } from '../../../shared/operations/contact.ts';
import { addressKey, keyedLimit } from '../../lib/http/limits.ts';
import { publicOrigin } from '../../lib/http/public-origin.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

/** `POST /contact`, rate limited per client address. */
export function contactOperations(app: App) {
  const limit = keyedLimit(app, {
    what: 'messages',
    max: app.config.communityLimits.contactPerHour,
    windowMs: 3_600_000,
    key: (req) => `contact:${addressKey(req.ip)}`,
  });
  return operations(CONTACT, {
    send: {
      operationId: 'contact_send',
      summary: 'Send a message to the site operator',
      tags: ['community'],
      access: 'anyone',
      body: ContactBody,
      response: MessageResult,
      errors: [400, 422, 429],
      limits: [limit],
      run: ({ body }, { ip }) => app.services.contact.send(body, publicOrigin(app), ip),
    },
  });
}
