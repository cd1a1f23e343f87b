import type { FastifyInstance } from 'fastify';
import { sendStored } from '../lib/http/send-stored.ts';
import { notFound } from '../errors.ts';
import { SHARE_KINDS, type ShareKind } from '../../shared/routes.ts';
import { countryGate } from './country-gate.ts';

const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jpg$/i;
/**
 * Crawlers and link previews keep share pictures for a long time anyway; an hour here bounds how long a shared cache
 * may show the open picture of an item that has since been priced.
 */
export const SHARE_CACHE_CONTROL = 'public, max-age=3600';

const isShareKind = (kind: string): kind is ShareKind => (SHARE_KINDS as readonly string[]).includes(kind);

/**
 * `/share/<kind>/<id>.jpg`: an item's share picture (og:image, JSON-LD) at a stable, unsigned, cacheable address that
 * crawlers may fetch (robots.txt disallows /media, not /share). Blurred while the item is priced; the address names the
 * item, never a stored file, so a locked item's real picture cannot be asked for through it. Unknown → 404.
 */
export async function registerShare(app: FastifyInstance) {
  const { storage } = app.media;
  app.route({
    method: ['GET', 'HEAD'],
    url: '/share/:kind/:file',
    schema: { hide: true },
    onRequest: countryGate(app),
    handler: async (request, reply) => {
      const { kind, file } = request.params as { kind: string; file: string };
      const id = FILE.exec(file)?.[1]?.toLowerCase();
      const key = id && isShareKind(kind) ? await app.services.shareImages.keyOf(kind, id) : null;
      if (!key) throw notFound('This picture does not exist.');
      return sendStored(request, reply, storage, key, { cacheControl: SHARE_CACHE_CONTROL });
    },
  });
}
