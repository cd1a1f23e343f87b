import { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance } from 'fastify';
import { anonymousGet, sharesAnswer } from '../plugins/answer-cache.ts';
import { deepFreeze } from '../../shared/deep-freeze.ts';
import type { Transport, TransportResponse } from '../../shared/api-client.ts';
import { keyOf, type OpInput } from '../../shared/operations/operation.ts';
import { runInProcess, type Caller } from '../operations/in-process.ts';
import type { ServedOperation } from '../operations/register.ts';
import { errorAnswer } from '../plugins/errors.ts';
import type { CachedResponse } from '../lib/http/response-cache.ts';
import { sessionMemo } from '../lib/auth/session-memo.ts';

/**
 * The site's server-side transport (the one API client's, src/shared/api-client.ts), as the visitor (their address, and
 * the trusted country header when enabled). A call of an operation (shared/operations) runs its handler in this process
 * with the route's checks (server/operations/in-process.ts); a catalogue list the answer cache holds is answered from
 * it (`storedAnswer`); any other call goes through the API's own routes, hooks, validation and errors (Fastify's
 * `inject`: no socket, no HTTP parsing).
 */
export function inProcessTransport(app: FastifyInstance, clientIp: string, forwarded: Record<string, string>): Transport {
  // One session lookup for the render's reads.
  const once = sessionMemo();
  return async ({ method, url, headers, body, stream, operation }) => {
    const target = new URL(url, 'http://in-process');
    if (stream) return streamedAnswer(app, { method, url: target.pathname + target.search, headers: { ...forwarded, ...headers }, remoteAddress: clientIp });
    const sent = { ...forwarded, ...headers };
    const served = operation && app.operations.get(keyOf(operation.op));
    const kept = anonymousGet(method, sent) && (!served || sharesAnswer(served.spec.route?.config?.sharedAnswer, operation!.input.query));
    const stored = kept ? await storedAnswer(app, target, clientIp, sent) : null;
    if (stored) return { status: 200, statusText: 'OK', text: '', value: valueOf(stored), header: (name) => stored.headers[name.toLowerCase()] ?? null };
    if (served) {
      const answer = await once(method, () => operationAnswer(app, served, operation!.input, { ip: clientIp, headers: sent }));
      // What the route would have kept, kept the same way (read by the API's visitors and the pages after this one).
      if (kept && answer.status === 200) keepAnswer(app, target, answer.value);
      return answer;
    }
    const res = await once(method, () =>
      app.inject({
        method: method as 'GET',
        url: target.pathname + target.search,
        headers: sent,
        payload: body,
        remoteAddress: clientIp,
      }),
    );
    return {
      status: res.statusCode,
      statusText: res.statusMessage,
      text: res.statusCode === 204 || res.statusCode === 205 || res.statusCode === 304 ? '' : res.payload,
      header: (name) => {
        const value = res.headers[name.toLowerCase()];
        return value === undefined ? null : [value].flat().join(', ');
      },
    };
  };
}

/** An operation run in-process, as the transport's answer: its value, or the error's answer as the route would send it. */
async function operationAnswer(app: FastifyInstance, served: ServedOperation, input: OpInput, caller: Caller): Promise<TransportResponse> {
  try {
    const value = await runInProcess(app, served, input, caller);
    return { status: 200, statusText: 'OK', text: '', value, header: () => null };
  } catch (err) {
    const answer = errorAnswer(err as FastifyError, { outage: app.outage, log: app.log, requestId: `page ${served.spec.operationId}` });
    return { status: answer.status, statusText: '', text: JSON.stringify(answer.body), header: (name) => answer.headers[name.toLowerCase()] ?? null };
  }
}

/**
 * An answer whose body is handed on as it comes (a CSV export): the route's stream through `inject`'s
 * `payloadAsStream`, with its backpressure (the route waits while the page's reader has not taken what it wrote). An
 * error answer is read whole, for its message.
 */
async function streamedAnswer(app: FastifyInstance, request: { method: string; url: string; headers: Record<string, string>; remoteAddress: string }) {
  const res = await app.inject({ ...request, method: request.method as 'GET', payloadAsStream: true });
  const header = (name: string) => {
    const value = res.headers[name.toLowerCase()];
    return value === undefined ? null : [value].flat().join(', ');
  };
  const body = res.stream();
  if (res.statusCode >= 200 && res.statusCode < 300)
    return { status: res.statusCode, statusText: res.statusMessage, text: '', stream: Readable.toWeb(body) as ReadableStream<Uint8Array>, header };
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return { status: res.statusCode, statusText: res.statusMessage, text: Buffer.concat(chunks).toString(), header };
}

/**
 * A visitor's catalogue list (or category list) held by the answer cache (plugins/answer-cache.ts): what its route
 * would send, without a request through Fastify (~100 µs and a copy of the answer per call; a list page makes two). The
 * cache keeps only those routes' anonymous 200s, under their URL, so a hit is the route's answer; a blocked visitor's
 * call goes to the route (451), as the country gate there decides. Null otherwise: the route answers, and fills the cache.
 */
async function storedAnswer(app: FastifyInstance, target: URL, ip: string, headers: Record<string, string>): Promise<CachedResponse | null> {
  const hit = app.answerCache?.get(target.pathname + target.search, { countMiss: false });
  if (!hit || (await app.services.countryBlock.blocks({ ip, headers }))) return null;
  return hit;
}

/** An in-process answer put in the answer cache as its route would (under the URL, its JSON). */
function keepAnswer(app: FastifyInstance, target: URL, value: unknown) {
  app.answerCache?.set(target.pathname + target.search, {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify(value)),
  });
}

/**
 * A stored answer's value, read once (not at every render that uses it, ~5 % of a list page's) and shared by those
 * renders: frozen all through, so that a page that tried to change it would fail, not alter the pages after it.
 */
const storedValues = new WeakMap<CachedResponse, unknown>();
function valueOf(answer: CachedResponse): unknown {
  let value = storedValues.get(answer);
  if (value === undefined) storedValues.set(answer, (value = deepFreeze(JSON.parse(answer.body.toString()))));
  return value;
}
