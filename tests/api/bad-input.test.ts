import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { SettingsService } from '../../src/server/modules/settings/settings.service.ts';
import { createMember, DEMO_ADMIN_PASSWORD, login, testConfig, useApi, type ApiHarness } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { freshPostgres } from '../helpers/postgres.ts';

/**
 * Every operation of the OpenAPI document (public and back office), as a visitor, a member and an admin, with ids that
 * are not UUIDs, NUL characters, over-long, empty and wrong-type values, malformed escapes, missing bodies, bodies that
 * are not multipart and broken multipart bodies: never a 5xx; every answer's status among the operation's documented
 * responses, every refusal in the contract's body, and every JSON success in the operation's documented schema. New
 * routes are covered as soon as they are in the document.
 *
 * It runs on the worker's database (PGlite, or PostgreSQL with DATABASE_URL) and, when that is PGlite, on a PostgreSQL
 * database of its own as well: the two differ in what reaches the handlers (PostgreSQL's errors, its connections).
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  format?: string;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
};
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

const NUL = 'a\u0000b';
const LONG = 'x'.repeat(100_000);
const UUID = '00000000-0000-4000-8000-000000000000';
/** What a path or query parameter gets in turn: not a UUID (a letter, a slug), NUL, too long, empty, not a number … */
const BAD_VALUES = ['p', 'portraits', '', NUL, LONG, '%', '1e309', '-1', '99999999999999999999'];
const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'];

/** A plausible value for a parameter, so that the request reaches the handler unless the value under test is bad. */
function plausible(schema: Schema | undefined): string {
  if (schema?.format === 'uuid') return UUID;
  if (schema?.format === 'email') return 'someone@example.com';
  if (schema?.format === 'date' || schema?.format === 'date-time') return '2026-01-01';
  if (schema?.format === 'uri') return 'https://example.com/';
  if (schema?.enum?.length) return String(schema.enum[0]);
  if (schema?.const !== undefined) return String(schema.const);
  const options = schema?.anyOf?.find((s) => s.enum?.length || s.const !== undefined);
  if (options) return String(options.enum?.[0] ?? options.const);
  const type = Array.isArray(schema?.type) ? schema!.type[0] : schema?.type;
  return type === 'integer' || type === 'number' ? '1' : type === 'boolean' ? 'true' : 'plausible-value-12';
}

function bodyFields(op: Operation): Record<string, Schema> {
  return op.requestBody?.content['application/json']?.schema.properties ?? {};
}

/** `noRoute`: the address names no operation (an empty last segment): a 404 "No route" is its right answer. */
type Attack = { url: string; payload?: string; headers?: Record<string, string>; noRoute?: boolean };

/** The requests to try for one operation: each parameter and body field in turn gets each bad value. */
function attacks(path: string, method: string, op: Operation): Attack[] {
  const params = op.parameters ?? [];
  const fill = (override: Record<string, string> = {}, raw: Record<string, string> = {}) => {
    let url = path.replace(
      /\{(\w+)\}/g,
      (_, name: string) => raw[name] ?? encodeURIComponent(override[name] ?? plausible(params.find((p) => p.name === name)?.schema)),
    );
    const query = params.filter((p) => p.in === 'query').map((p) => `${p.name}=${encodeURIComponent(override[p.name] ?? plausible(p.schema))}`);
    if (query.length) url += `?${query.join('&')}`;
    return url;
  };
  const requests: Attack[] = [{ url: fill() }];
  for (const p of params.filter((p) => p.in === 'path' || p.in === 'query')) {
    for (const bad of BAD_VALUES) {
      const url = fill({ [p.name]: bad });
      requests.push({ url, noRoute: p.in === 'path' && bad === '' && url.split('?')[0]!.endsWith('/') });
    }
    // A malformed escape, as sent (the router refuses it before any route).
    if (p.in === 'path') requests.push({ url: fill({}, { [p.name]: '%zz' }) });
  }
  const json = { 'content-type': 'application/json' };
  if (method !== 'get' && method !== 'head') {
    const fields = bodyFields(op);
    const base = Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, plausible(s)]));
    requests.push(
      { url: fill(), payload: '{}', headers: json },
      { url: fill(), payload: '{"a":', headers: json },
      { url: fill(), payload: '[]', headers: json },
      // Not multipart at all.
      { url: fill(), payload: 'plain words', headers: { 'content-type': 'text/plain' } },
    );
    for (const name of Object.keys(fields)) {
      for (const bad of [NUL, LONG, 12, [NUL], { a: NUL }, null])
        requests.push({ url: fill(), payload: JSON.stringify({ ...base, [name]: bad }), headers: json });
    }
    requests.push({ url: fill(), payload: JSON.stringify({ [NUL]: NUL }), headers: json });
    const multipart = { 'content-type': 'multipart/form-data; boundary=----x' };
    requests.push(
      // Cut short, inside its file.
      { url: fill(), payload: '------x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', headers: multipart },
      // No boundary.
      { url: fill(), payload: 'garbage', headers: { 'content-type': 'multipart/form-data' } },
      // A boundary, and a body that is not multipart.
      { url: fill(), payload: 'garbage', headers: multipart },
      { url: fill(), payload: `------x\r\nContent-Disposition: form-data; name="${NUL}"\r\n\r\nabc\r\n------x--\r\n`, headers: multipart },
      {
        url: fill(),
        payload: '------x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot a picture\r\n------x--\r\n',
        headers: multipart,
      },
    );
  }
  return requests;
}

/** The documented response of an operation for a status (`400`, else `4XX`, else `default`). */
const documented = (op: Operation, status: number) => op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;

/** A fresh app on a PostgreSQL database of its own (dropped afterwards), seeded like the worker's. */
function usePostgresApi(env: NodeJS.ProcessEnv): ApiHarness {
  const harness = {} as ApiHarness;
  let drop: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    const fresh = await freshPostgres('tessera_bad_input');
    drop = fresh.drop;
    harness.database = await openDatabase({ databaseUrl: fresh.url, pgliteDir: null });
    await harness.database.migrate();
    await new SettingsService(harness.database.db).ensureDefaults();
    harness.config = testConfig(env);
    harness.app = await buildApp(harness.config, { database: harness.database, realtime: false });
    await harness.app.ready();
  }, 120_000);
  afterAll(async () => {
    await harness.app?.close();
    await harness.database?.close();
    await drop?.();
  });
  return harness;
}

const ENV = { LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_ACCOUNT: '100000' };
const backends: [string, () => ApiHarness][] = [[process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite', () => useApi(ENV)]];
if (!process.env.DATABASE_URL) backends.push(['PostgreSQL', () => usePostgresApi(ENV)]);

describe.each(backends)('bad input on %s: never a 5xx, every answer as documented', (_name, harness) => {
  const h = harness();
  let doc: Doc;
  let memberName: string;
  const session = { member: '', admin: '' };
  beforeAll(async () => {
    await seedCatalogue(h);
    memberName = (await createMember(h, { tokens: 1000 })).username;
    session.member = await login(h, memberName);
    session.admin = await login(h, 'admin', DEMO_ADMIN_PASSWORD);
    doc = (await h.app.inject({ url: '/api/docs/json' })).json();
  }, 120_000);

  /** The walk's sessions, logged in again where an operation ended one (a password change, a ban of oneself …). */
  async function liveSessions(): Promise<number> {
    let renewed = 0;
    for (const who of ['member', 'admin'] as const) {
      const me = await h.app.inject({ url: '/api/users/me', headers: { authorization: session[who] } });
      if (me.statusCode === 200) continue;
      session[who] = who === 'admin' ? await login(h, 'admin', DEMO_ADMIN_PASSWORD) : await login(h, memberName);
      renewed++;
    }
    return renewed;
  }

  it('walks every operation of the OpenAPI document', { timeout: 600_000 }, async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
    ajv.addSchema(doc as object, 'openapi');
    const validators = new Map<string, ReturnType<typeof ajv.compile>>();
    const bodyCheck = (pointer: string) => {
      let check = validators.get(pointer);
      if (!check) validators.set(pointer, (check = ajv.compile({ $ref: `openapi#${pointer}` })));
      return check;
    };
    const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

    const failures: string[] = [];
    let sent = 0;
    // Each back-office operation must have been reached as an admin (not refused at the door as a lost session).
    const reachedAsAdmin = new Set<string>();
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(180);
    expect(operations.filter((o) => o.path.startsWith('/api/admin/')).length).toBeGreaterThan(80);
    for (const { path, method, op } of operations) {
      await liveSessions();
      // Logging out ends the session it is sent with: the walk logs out a session of its own.
      const endsSession = path === '/api/auth/logout' || path === '/api/auth/logout-all';
      const who: [string, string | null][] = endsSession
        ? [
            ['visitor', null],
            ['member', await login(h, memberName)],
          ]
        : [
            ['visitor', null],
            ['member', session.member],
            ['admin', session.admin],
          ];
      for (const [role, token] of who) {
        const batch = attacks(path, method, op).map(async (req) => {
          const res = await h.app.inject({
            method: method.toUpperCase() as 'GET',
            url: req.url,
            payload: req.payload,
            headers: { ...req.headers, ...(token ? { authorization: token } : {}) },
          });
          sent++;
          if (role === 'admin' && res.statusCode !== 401 && res.statusCode !== 403) reachedAsAdmin.add(`${method} ${path}`);
          const what = `${method.toUpperCase()} ${req.url.slice(0, 120)} ${req.payload?.slice(0, 80) ?? ''} as ${role} → ${res.statusCode}`;
          const type = String(res.headers['content-type'] ?? '');
          const body = type.startsWith('application/json') && method !== 'head' ? res.json() : null;
          const answer = documented(op, res.statusCode);
          if (res.statusCode >= 500) failures.push(`${what}: ${res.body.slice(0, 200)}`);
          else if (res.statusCode === 404 && String(body?.message).startsWith('No route')) {
            if (!req.noRoute) failures.push(`no such route: ${what}`);
          } else if (req.noRoute && res.statusCode < 400) failures.push(`an empty id answered as another operation: ${what}: ${res.body.slice(0, 160)}`);
          else if (!answer) failures.push(`undocumented status: ${what} (documented: ${Object.keys(op.responses).join(', ')}): ${res.body.slice(0, 160)}`);
          else if (res.statusCode >= 400 && body) {
            if (body.statusCode !== res.statusCode || typeof body.error !== 'string' || typeof body.message !== 'string')
              failures.push(`bad error body ${what}: ${res.body.slice(0, 200)}`);
          } else if (res.statusCode < 300 && body && answer.content?.['application/json']) {
            const status = op.responses[String(res.statusCode)] ? String(res.statusCode) : `${String(res.statusCode)[0]}XX`;
            const check = bodyCheck(`/paths/${escape(path)}/${method}/responses/${status}/content/application~1json/schema`);
            if (!check(body)) failures.push(`body not as documented: ${what}: ${ajv.errorsText(check.errors)}: ${res.body.slice(0, 160)}`);
          }
        });
        await Promise.all(batch);
      }
    }
    expect(sent).toBeGreaterThan(5000);
    const adminOperations = operations.filter((o) => o.path.startsWith('/api/admin/')).map((o) => `${o.method} ${o.path}`);
    expect(adminOperations.filter((o) => !reachedAsAdmin.has(o))).toEqual([]);
    if (process.env.BAD_INPUT_DUMP) (await import('node:fs')).writeFileSync(process.env.BAD_INPUT_DUMP, failures.join('\n'));
    expect(failures.slice(0, 50)).toEqual([]);
  });
});
