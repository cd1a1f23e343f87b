import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, toQueryString } from '../../src/shared/api-client.ts';

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
    const api = createApiClient({ baseUrl: base, getToken: () => 'tok-123' });
    expect(await api.get('/ok')).toEqual({ status: 0, data: { hello: 'world' } });
    expect(seen.at(-1)!.headers.authorization).toBe('tok-123');
  });

  it('sends JSON bodies with the content type, and no Authorization without a token', async () => {
    const api = createApiClient({ baseUrl: base, getToken: () => null });
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

  it("on 401 calls onUnauthorized (the browser goes to /login) and throws 'Forbidden in the action!'", async () => {
    const visits: string[] = [];
    const api = createApiClient({ baseUrl: base, onUnauthorized: () => visits.push('/login') });
    await expect(api.get('/unauthorized')).rejects.toThrow(new Error('Forbidden in the action!'));
    expect(visits).toEqual(['/login']);
  });

  it('throws the JSON error body of any other non-2xx status', async () => {
    const api = createApiClient({ baseUrl: base });
    const err = await api.post('/rule', {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ statusCode: 422, error: 'INSUFFICIENT_BALANCE', message: 'You have an insufficient token balance. Please top up.' });
    const missing = await api.get('/nope').catch((e) => e);
    expect(missing).toMatchObject({ statusCode: 404, error: 'NOT_FOUND' });
  });

  it('a non-JSON error still becomes an error body with the status', async () => {
    const api = createApiClient({ baseUrl: base });
    const err = await api.get('/crash').catch((e) => e);
    expect(err).toMatchObject({ statusCode: 502, error: 'HTTP_ERROR', message: 'Bad Gateway' });
  });

  it('sends the extra headers it was given (the site server forwards the visitor address)', async () => {
    const api = createApiClient({ baseUrl: base, headers: { 'x-forwarded-for': '203.0.113.9' } });
    await api.get('/ok');
    expect(seen.at(-1)!.headers['x-forwarded-for']).toBe('203.0.113.9');
  });
});
