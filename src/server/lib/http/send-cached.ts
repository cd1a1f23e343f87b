import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodedBody, type CachedResponse } from './response-cache.ts';

const DROPPED = new Set(['content-length', 'content-encoding', 'set-cookie', 'date', 'transfer-encoding', 'connection', 'keep-alive']);
/** A response's headers as a cache keeps them (lower-case names; no length, encoding, cookie, date or connection's own). */
export function storableHeaders(headers: OutgoingHttpHeaders | Record<string, string | number | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([k, v]) => v !== undefined && !DROPPED.has(k.toLowerCase()))
      .map(([k, v]) => [k.toLowerCase(), String(v)]),
  );
}

/** A member's request (the `token` cookie): served from the page cache only where the page is shared. */
export const hasToken = (cookie: string | undefined) => /(?:^|;\s*)token=[^;]/.test(cookie ?? '');

/** How a cached answer is sent: whether it was found or just stored, under which header, and what it varies by. */
export interface CachedAnswer {
  state: 'HIT' | 'MISS';
  header: 'x-page-cache' | 'x-answer-cache';
  vary: string;
}

/** How a page from the cache is sent: it varies by the member's cookie (a member may be served only shared pages). */
export const PAGE: CachedAnswer = { state: 'HIT', header: 'x-page-cache', vary: 'Accept-Encoding, Cookie' };

/** A cached page or API answer in the encoding the client takes best, or 304 when the client's copy is still this one. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, page: CachedResponse, { state, header, vary }: CachedAnswer) {
  // A 304 carries the page's headers too: the browser updates its copy's from it (its Content-Security-Policy above all).
  reply.headers(page.headers).header('etag', page.etag).header('vary', vary).header(header, state);
  if (fresh(request.headers['if-none-match'], page.etag)) return reply.code(304).removeHeader('content-type').send();
  const { encoding, body } = encodedBody(page, request.headers['accept-encoding']);
  reply.code(page.status).header('content-length', body.length);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(request.method === 'HEAD' ? undefined : body);
}

/** `If-None-Match` names this ETag (or `*`); weak forms count, as RFC 9110 says for GET. */
export function fresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
