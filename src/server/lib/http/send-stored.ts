import rangeParser from 'range-parser';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../errors.ts';
import { contentTypeOf, type Storage } from '../storage/storage.ts';

export interface SendOptions {
  cacheControl: string;
  /** Sent as `Content-Disposition: attachment` with this file name. */
  downloadName?: string;
  /** Called once the request is known to be servable, before the body goes out (e.g. to count a download). */
  beforeSend?: (range: { start: number; end: number } | null, size: number) => Promise<void>;
}

/**
 * Streams one stored file with HTTP Range (206; 416 with `Content-Range: bytes *\/size` for a malformed or unsatisfiable
 * byte range; another unit is ignored), for GET and HEAD.
 */
export async function sendStored(request: FastifyRequest, reply: FastifyReply, storage: Storage, key: string, opts: SendOptions) {
  const object = await storage.stat(key);
  if (!object) throw notFound('This file does not exist.');
  reply.header('accept-ranges', 'bytes');
  reply.header('content-type', object.contentType || contentTypeOf(key));
  reply.header('cache-control', opts.cacheControl);
  reply.header('x-content-type-options', 'nosniff');
  if (opts.downloadName) reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(opts.downloadName)}`);

  let range: { start: number; end: number } | null = null;
  const header = request.headers.range;
  if (header !== undefined) {
    const parsed = rangeParser(object.size, header, { combine: true });
    if (parsed === -1 || parsed === -2) {
      throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'The requested range cannot be served.', { 'content-range': `bytes */${object.size}` });
    }
    // Several ranges are answered with the first one (a client asking for more asks again). A unit other than bytes
    // is not understood, so the header is ignored and the whole file sent (RFC 9110 §14.2: a server MUST ignore it).
    if (parsed.type === 'bytes') range = parsed[0]!;
  }
  await opts.beforeSend?.(range, object.size);
  const length = range ? range.end - range.start + 1 : object.size;
  reply.header('content-length', length);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await storage.read(key, range ?? undefined));
}
