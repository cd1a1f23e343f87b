import { text } from 'node:stream/consumers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { isValidKey } from '../lib/storage/storage.ts';
import { sendStored } from '../lib/http/send-stored.ts';
import { isPublicMediaKey } from '../lib/media/public-media.ts';
import { hlsSubject, masterPlaylist, parseHlsPath, PLAYLIST_TYPE, resolveHlsFile, signMediaPlaylist, tokenQuery } from '../lib/media/hls.ts';
import { videos } from '../db/schema.ts';
import { AppError, notFound } from '../errors.ts';
import { countryGate } from './country-gate.ts';

export const REFUSED = {
  unsigned: 'This media link is not signed.',
  expired: 'This media link has expired. Reload the page for a fresh one.',
  tampered: 'This media link is invalid.',
} as const;

const refused = (why: keyof typeof REFUSED) => new AppError(403, 'MEDIA_FORBIDDEN', REFUSED[why]);

/**
 * `/media/<key>?e=&s=[&d=]`: stored files behind signed, expiring links, with HTTP Range (206, 416) for video.
 * Public files (avatars, covers, comment images: keys under `public/`) need no signature. Otherwise only links the API handed out pass: an unsigned, expired or altered link is a 403, a path outside storage a 403 too.
 * `/media/hls/…`: the signed HLS streams of videos (sendHls below).
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
      if (key === null || !isValidKey(key)) throw refused('tampered');
      if (isPublicMediaKey(key)) return sendStored(request, reply, storage, key, { cacheControl: 'public, max-age=31536000, immutable' });
      const query = request.query as Record<string, string | undefined>;
      const verdict = signer.verify(key, query);
      if (verdict !== 'ok') throw refused(verdict);
      const maxAge = Math.min(signer.secondsLeft(query as { e: string; s: string }), 86_400);
      return sendStored(request, reply, storage, key, { cacheControl: `private, max-age=${maxAge}`, downloadName: query.d });
    },
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/hls/*',
    schema: { hide: true },
    onRequest: countryGate(app),
    handler: (request, reply) => sendHls(app, request, reply),
  });
}

/**
 * `/media/hls/<videoId>/master.m3u8`, `…/<rendition>/index.m3u8` and `…/<rendition>/<segment>`, all behind one token
 * for subject `hls:<videoId>` (lib/media/hls.ts). The path's shape and the signature are checked before anything is read;
 * a file is only ever looked for in the folder of one of the video's renditions.
 */
async function sendHls(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const { storage, signer } = app.media;
  // The raw path, still percent-encoded: an encoded slash or dot is not a name a signed link can contain.
  const wanted = parseHlsPath(request.url.split('?')[0]!.slice('/media/hls/'.length));
  if (!wanted) throw refused('tampered');
  const query = request.query as Record<string, string | undefined>;
  const verdict = signer.verify(hlsSubject(wanted.videoId), { e: query.e, s: query.s });
  if (verdict !== 'ok') throw refused(verdict);
  const token = tokenQuery(query.e!, query.s!);
  const [row] = await app.database.db.select({ hls: videos.hls }).from(videos).where(eq(videos.id, wanted.videoId)).limit(1);
  if (!row?.hls) throw notFound('This video has no stream.');
  reply.header('x-content-type-options', 'nosniff');
  if (wanted.master) {
    return reply.type(PLAYLIST_TYPE).header('cache-control', 'private, no-cache').send(masterPlaylist(row.hls, token));
  }
  const file = resolveHlsFile(row.hls, wanted.rendition, wanted.file);
  if (!file || !isValidKey(file.key)) throw refused('tampered');
  if (file.kind === 'segment') {
    const maxAge = Math.min(signer.secondsLeft({ e: query.e!, s: query.s! }), 86_400);
    // The type comes from the key's extension (local storage) or the type the pipeline stored it with (S3).
    return sendStored(request, reply, storage, file.key, { cacheControl: `private, max-age=${maxAge}` });
  }
  if (!(await storage.stat(file.key))) throw notFound('This file does not exist.');
  return reply
    .type(PLAYLIST_TYPE)
    .header('cache-control', 'private, no-cache')
    .send(signMediaPlaylist(await text(await storage.read(file.key)), token));
}

function decodeURIComponentSafe(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
