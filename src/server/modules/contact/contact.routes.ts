import { ContactBody } from '../../../shared/contracts/community.ts';
import { MessageResult } from '../../../shared/contracts/accounts.ts';
import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { addressKey, keyedLimit } from '../../lib/limits.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { ok, type App } from '../../types.ts';

/** `POST /contact`, rate limited per client address. */
export async function contactRoutes(app: App) {
  const limit = keyedLimit(app, {
    what: 'messages',
    max: app.config.communityLimits.contactPerHour,
    windowMs: 3_600_000,
    key: (req) => `contact:${addressKey(req.ip)}`,
  });
  app.post(
    '/contact',
    {
      schema: {
        operationId: 'contact_send',
        tags: ['community'],
        summary: 'Send a message to the site operator',
        body: ContactBody,
        response: { 200: Envelope(MessageResult), 400: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
      preHandler: limit,
    },
    async (request) => ok(await app.services.contact.send(request.body, publicOrigin(app), request.ip)),
  );
}
