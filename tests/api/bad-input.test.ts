import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, DEMO_ADMIN_PASSWORD, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';

/**
 * Every operation of the OpenAPI document, as a visitor, a member and an admin, with NUL characters, over-long and
 * wrong-type values, missing bodies and broken multipart bodies: never a 5xx, and every refusal in the contract's body.
 * New routes are covered as soon as they are in the document.
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  format?: string;
  anyOf?: Schema[];
  enum?: unknown[];
  minLength?: number;
};
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

const NUL = 'a\u0000b';
const LONG = 'x'.repeat(100_000);
const UUID = '00000000-0000-4000-8000-000000000000';

/** A plausible value for a parameter, so that the request reaches the handler unless the value under test is bad. */
function plausible(schema: Schema | undefined): string {
  if (schema?.format === 'uuid') return UUID;
  if (schema?.format === 'email') return 'someone@example.com';
  if (schema?.format === 'date' || schema?.format === 'date-time') return '2026-01-01';
  if (schema?.format === 'uri') return 'https://example.com/';
  if (schema?.enum?.length) return String(schema.enum[0]);
  const options = schema?.anyOf?.find((s) => s.enum?.length || (s as { const?: unknown }).const !== undefined);
  if (options) return String(options.enum?.[0] ?? (options as { const?: unknown }).const);
  const type = Array.isArray(schema?.type) ? schema!.type[0] : schema?.type;
  return type === 'integer' || type === 'number' ? '1' : type === 'boolean' ? 'true' : 'plausible-value-12';
}

function bodyFields(op: Operation): Record<string, Schema> {
  return op.requestBody?.content['application/json']?.schema.properties ?? {};
}

describe('bad input never gets a 5xx', () => {
  const h = useApi({ LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_ACCOUNT: '100000' });
  let tokens: (string | null)[];
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    await seedCatalogue(h);
    const member = await createMember(h, { tokens: 1000 });
    tokens = [null, await login(h, member.username), await login(h, 'admin', DEMO_ADMIN_PASSWORD)];
    await h.app.ready();
    paths = (h.app.swagger() as { paths: typeof paths }).paths;
  });

  /** The requests to try for one operation: each parameter and body field in turn gets each bad value. */
  function attacks(path: string, method: string, op: Operation) {
    const params = op.parameters ?? [];
    const fill = (override: Record<string, string> = {}) => {
      let url = path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(override[name] ?? plausible(params.find((p) => p.name === name)?.schema)));
      const query = params.filter((p) => p.in === 'query').map((p) => `${p.name}=${encodeURIComponent(override[p.name] ?? plausible(p.schema))}`);
      if (query.length) url += `?${query.join('&')}`;
      return url;
    };
    const requests: { url: string; payload?: string; headers?: Record<string, string> }[] = [{ url: fill() }];
    for (const p of params.filter((p) => p.in === 'path' || p.in === 'query')) {
      for (const bad of [NUL, LONG, '%', '1e309', '-1', '99999999999999999999']) requests.push({ url: fill({ [p.name]: bad }) });
    }
    const json = { 'content-type': 'application/json' };
    if (method !== 'get' && method !== 'head') {
      const fields = bodyFields(op);
      const base = Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, plausible(s)]));
      requests.push(
        { url: fill(), payload: '{}', headers: json },
        { url: fill(), payload: '{"a":', headers: json },
        { url: fill(), payload: '[]', headers: json },
      );
      for (const name of Object.keys(fields)) {
        for (const bad of [NUL, LONG, 12, [NUL], { a: NUL }, null])
          requests.push({ url: fill(), payload: JSON.stringify({ ...base, [name]: bad }), headers: json });
      }
      requests.push({ url: fill(), payload: JSON.stringify({ [NUL]: NUL }), headers: json });
      const multipart = { 'content-type': 'multipart/form-data; boundary=----x' };
      requests.push(
        { url: fill(), payload: '------x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', headers: multipart },
        { url: fill(), payload: 'garbage', headers: { 'content-type': 'multipart/form-data' } },
        { url: fill(), payload: `------x\r\nContent-Disposition: form-data; name="${NUL}"\r\n\r\nabc\r\n------x--\r\n`, headers: multipart },
      );
    }
    return requests;
  }

  it('walks every operation of the OpenAPI document', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    const operations = Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(75);
    for (const { path, method, op } of operations) {
      // Logging out would end the sessions the walk uses; the walk logs out a session of its own instead.
      const who = path === '/auth/logout' || path === '/auth/logout-all' ? [null] : tokens;
      for (const token of who) {
        const batch = attacks(path, method, op).map(async (req) => {
          const res = await h.app.inject({
            method: method.toUpperCase() as 'GET',
            url: req.url,
            payload: req.payload,
            headers: { ...req.headers, ...(token ? { authorization: token } : {}) },
          });
          sent++;
          const what = `${method.toUpperCase()} ${req.url.slice(0, 120)} ${req.payload?.slice(0, 80) ?? ''} as ${token ? (token === tokens[2] ? 'admin' : 'member') : 'visitor'}`;
          if (res.statusCode === 404 && res.json().message.startsWith('No route')) failures.push(`no such route: ${what}`);
          else if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what}: ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400 && res.headers['content-type']?.toString().startsWith('application/json')) {
            const body = res.json();
            if (body.statusCode !== res.statusCode || typeof body.error !== 'string' || typeof body.message !== 'string')
              failures.push(`bad error body ${what}: ${res.body.slice(0, 200)}`);
          }
        });
        await Promise.all(batch);
      }
    }
    expect(sent).toBeGreaterThan(2000);
    if (process.env.BAD_INPUT_DUMP) (await import('node:fs')).writeFileSync(process.env.BAD_INPUT_DUMP, failures.join('\n'));
    expect(failures).toEqual([]);
  });
});
