import rangeParser from 'range-parser';
import type { FastifyInstance } from 'fastify';
import { contentTypeOf, isValidKey } from '../lib/storage/storage.ts';
import { AppError, notFound } from '../errors.ts';

const REFUSED = {
  unsigned: 'This media link is not signed.',
  expired: 'This media link has expired. Reload the page for a fresh one.',
  tampered: 'This media link is invalid.',
} as const;

/**
 * `/media/<key>?e=&s=[&d=]`: stored files behind signed, expiring links, with HTTP Range (206, 416) for video.
 * Only links the API handed out pass: an unsigned, expired or altered link is a 403, a path outside storage a 403 too.
 */
export async function registerMedia(app: FastifyInstance) {
  const { storage, signer } = app.media;
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = decodeURIComponentSafe((request.params as { '*': string })['*']);
      if (key === null || !isValidKey(key)) throw new AppError(403, 'MEDIA_FORBIDDEN', REFUSED.tampered);
      const query = request.query as Record<string, string | undefined>;
      const verdict = signer.verify(key, query);
      if (verdict !== 'ok') throw new AppError(403, 'MEDIA_FORBIDDEN', REFUSED[verdict]);
      const object = await storage.stat(key);
      if (!object) throw notFound('This file does not exist.');

      const maxAge = Math.min(signer.secondsLeft(query as { e: string; s: string }), 86_400);
      reply.header('accept-ranges', 'bytes');
      reply.header('content-type', object.contentType || contentTypeOf(key));
      reply.header('cache-control', `private, max-age=${maxAge}`);
      reply.header('x-content-type-options', 'nosniff');
      if (query.d) reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(query.d)}`);

      let range: { start: number; end: number } | undefined;
      const header = request.headers.range;
      if (header !== undefined) {
        const parsed = rangeParser(object.size, header, { combine: true });
        if (parsed === -1 || parsed === -2 || parsed.type !== 'bytes') {
          throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'The requested range cannot be served.', { 'content-range': `bytes */${object.size}` });
        }
        // Several ranges are answered with the first one (a client asking for more asks again).
        range = parsed[0];
      }
      const length = range ? range.end - range.start + 1 : object.size;
      reply.header('content-length', length);
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(await storage.read(key, range));
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
