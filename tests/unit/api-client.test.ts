import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, toQueryString } from '../../src/shared/api-client.ts';
import { ApiError } from '../../src/shared/contracts/errors.ts';

/** A real HTTP server answering each path with a fixed status and body, recording what it received. */
let server: http.Server;
let base = '';
const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      const path = req.url!.split('?')[0];
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (path === '/api/ok') return json(200, { status: 0, data: { hello: 'world' } });
      if (path === '/api/list') return json(200, { status: 0, data: { data: [1, 2], total: 2 } });
      if (path === '/api/empty204') return res.writeHead(204).end();
      if (path === '/api/empty205') return res.writeHead(205).end();
      if (path === '/api/unauthorized') return json(401, { statusCode: 401, error: 'UNAUTHORIZED', message: 'expired' });
      if (path === '/api/limited') {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
        return res.end(JSON.stringify({ statusCode: 429, error: 'RATE_LIMITED', message: 'Too many logins. Try again in 7 seconds.' }));
      }
      if (path === '/api/invalid')
        return json(400, {
          statusCode: 400,
          error: 'VALIDATION_ERROR',
          message: 'Password: use at least 8 characters.',
          fields: { password: 'Password: use at least 8 characters.', n: 5 },
        });
      if (path === '/api/rule')
        return json(422, { statusCode: 422, error: 'INSUFFICIENT_BALANCE', message: 'You have an insufficient token balance. Please top up.' });
      if (path === '/api/crash') {
        res.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' });
        return res.end('<html>proxy error</html>');
      }
      json(404, { statusCode: 404, error: 'NOT_FOUND', message: 'no' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('createApiClient', () => {
  it('returns the JSON envelope and sends the token raw in Authorization', async () => {
    const api = createApiClient({ baseUrl: base, getSessionToken: () => 'tok-123' });
    expect(await api.get('/ok')).toEqual({ status: 0, data: { hello: 'world' } });
    expect(seen.at(-1)!.headers.authorization).toBe('tok-123');
  });

  it('sends JSON bodies with the content type, and no Authorization without a token', async () => {
    const api = createApiClient({ baseUrl: base, getSessionToken: () => null });
    await api.post('/ok', { a: 1 });
    const last = seen.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.headers['content-type']).toBe('application/json');
    expect(JSON.parse(last.body)).toEqual({ a: 1 });
    expect(last.headers.authorization).toBeUndefined();
  });

  it('puts list queries in the URL, arrays as repeated keys, leaving out empty values', async () => {
    const api = createApiClient({ baseUrl: base });
    const res = await api.get<{ data: number[]; total: number }>('/list', { q: 'sea view', limit: 12, categoryIds: ['a', 'b'], offset: undefined, x: null });
    expect(res.data).toEqual({ data: [1, 2], total: 2 });
    expect(seen.at(-1)!.url).toBe('/api/list?q=sea+view&limit=12&categoryIds=a&categoryIds=b');
    expect(toQueryString({})).toBe('');
  });

  it('treats 204 and 205 as empty', async () => {
    const api = createApiClient({ baseUrl: base });
    expect(await api.del('/empty204')).toBeNull();
    expect(await api.put('/empty205', {})).toBeNull();
  });

  it('on 401 calls onUnauthorized once per answer and throws the unauthorized failure; a call that expects a 401 is left alone', async () => {
    const visits: string[] = [];
    const api = createApiClient({ baseUrl: base, onUnauthorized: () => visits.push('/login') });
    const err = await api.get('/unauthorized').catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.failure).toEqual({ kind: 'unauthorized', status: 401, code: 'UNAUTHORIZED', message: 'expired' });
    expect(visits).toEqual(['/login']);
    await api.post('/unauthorized', {}, { expect401: true }).catch(() => null);
    expect(visits).toEqual(['/login']);
  });

  it('throws the JSON error body of any other non-2xx status, as a server failure with its code', async () => {
    const api = createApiClient({ baseUrl: base });
    const err = await api.post('/rule', {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.failure).toEqual({
      kind: 'server',
      status: 422,
      code: 'INSUFFICIENT_BALANCE',
      message: 'You have an insufficient token balance. Please top up.',
    });
    const missing = await api.get('/nope').catch((e) => e);
    expect(missing.failure).toMatchObject({ kind: 'server', status: 404, code: 'NOT_FOUND' });
  });

  it('a 400 keeps the sentence of each failing field (strings only)', async () => {
    const err = await createApiClient({ baseUrl: base })
      .post('/invalid', {})
      .catch((e) => e);
    expect(err.failure).toEqual({
      kind: 'server',
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Password: use at least 8 characters.',
      fields: { password: 'Password: use at least 8 characters.' },
    });
  });

  it('a 429 is rate_limited with the seconds of Retry-After', async () => {
    const err = await createApiClient({ baseUrl: base })
      .get('/limited')
      .catch((e) => e);
    expect(err.failure).toEqual({
      kind: 'rate_limited',
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many logins. Try again in 7 seconds.',
      retryAfter: 7,
    });
  });

  it('a non-JSON error still becomes a failure with the status; no answer at all is a network failure', async () => {
    const api = createApiClient({ baseUrl: base });
    const err = await api.get('/crash').catch((e) => e);
    expect(err.failure).toEqual({ kind: 'server', status: 502, code: 'HTTP_ERROR', message: 'Bad Gateway' });
    const nowhere = createApiClient({ baseUrl: 'http://127.0.0.1:9/api' });
    const offline = await nowhere.get('/ok').catch((e) => e);
    expect(offline).toBeInstanceOf(ApiError);
    expect(offline.failure).toMatchObject({ kind: 'network', status: 0, code: 'NETWORK_ERROR' });
  });

  it('sends the extra headers it was given (the site server forwards the visitor address)', async () => {
    const api = createApiClient({ baseUrl: base, headers: { 'x-forwarded-for': '203.0.113.9' } });
    await api.get('/ok');
    expect(seen.at(-1)!.headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  it("returns a transport's answer given as a value as it is (no text to parse); failures still come from the text", async () => {
    const value = { status: 0, data: { held: true } };
    const answers = [
      { status: 200, statusText: 'OK', text: '', value, header: () => null },
      { status: 404, statusText: 'Not Found', text: JSON.stringify({ statusCode: 404, error: 'NOT_FOUND', message: 'No such video.' }), header: () => null },
    ];
    const api = createApiClient({ baseUrl: 'http://in-process/api', transport: async () => answers.shift()! });
    expect(await api.get('/held')).toBe(value);
    expect((await api.get('/gone').catch((e) => e)).failure).toMatchObject({ kind: 'server', status: 404, code: 'NOT_FOUND', message: 'No such video.' });
  });
});
