import type { FastifyInstance } from 'fastify';
import { isValidKey } from '../lib/storage/storage.ts';
import { sendStored } from '../lib/send-stored.ts';
import { isPublicMediaKey } from '../lib/public-media.ts';
import { AppError } from '../errors.ts';
import { countryGate } from './country-gate.ts';

export const REFUSED = {
  unsigned: 'This media link is not signed.',
  expired: 'This media link has expired. Reload the page for a fresh one.',
  tampered: 'This media link is invalid.',
} as const;

/**
 * `/media/<key>?e=&s=[&d=]`: stored files behind signed, expiring links, with HTTP Range (206, 416) for video.
 * Public files (avatars, covers, comment images: keys under `public/`) need no signature. Otherwise only links the API handed out pass: an unsigned, expired or altered link is a 403, a path outside storage a 403 too.
 */
export async function registerMedia(app: FastifyInstance) {
  const { storage, signer } = app.media;
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { hide: true },
    onRequest: countryGate(app),
    handler: async (request, reply) => {
      const key = decodeURIComponentSafe((request.params as { '*': string })['*']);
      if (key === null || !isValidKey(key)) throw new AppError(403, 'MEDIA_FORBIDDEN', REFUSED.tampered);
      if (isPublicMediaKey(key)) return sendStored(request, reply, storage, key, { cacheControl: 'public, max-age=31536000, immutable' });
      const query = request.query as Record<string, string | undefined>;
      const verdict = signer.verify(key, query);
      if (verdict !== 'ok') throw new AppError(403, 'MEDIA_FORBIDDEN', REFUSED[verdict]);
      const maxAge = Math.min(signer.secondsLeft(query as { e: string; s: string }), 86_400);
      return sendStored(request, reply, storage, key, { cacheControl: `private, max-age=${maxAge}`, downloadName: query.d });
    },
  });
}

function decodeURIComponentSafe(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
