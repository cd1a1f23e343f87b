import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/server/cli/run.ts';
import { freePort } from '../helpers/ports.ts';
import { adminQuery, freshPostgres, POSTGRES_URL } from '../helpers/postgres.ts';
import { TEST_NODE_FLAGS } from '../helpers/server.ts';
import { spawnApi, type ApiProcess } from '../helpers/spawn-api.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Ends every backend the app holds on its database (what a PostgreSQL restart or a network blip does to it). */
async function terminateAppBackends(dbName: string, except: number[] = []) {
  const { rows } = await adminQuery('select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and not (pid = any($2::int[]))', [
    dbName,
    except,
  ]);
  return rows.length;
}

async function call(url: string, pathname: string, init: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${url}/api${pathname}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: init.token } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.json() };
}

describe('PostgreSQL drops the connections of a running server', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let api: ApiProcess;
  let token: string;

  beforeAll(async () => {
    database = await freshPostgres('tessera_outage');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-outage-'));
    api = await spawnApi({
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SEED: 'demo',
      DEMO_ADMIN_PASSWORD: 'admin-pass-123',
      PASSWORD_COST: '1024',
      LOG_LEVEL: 'warn',
    });
    token = (await call(api.url, '/auth/login', { body: { username: 'member', password: 'member-pass-123' } })).body.data.token;
  }, 60_000);
  afterAll(async () => {
    api?.child.kill('SIGKILL');
    await database?.drop();
  });

  it('keeps serving after its backends are terminated, and says so in the log', async () => {
    expect((await call(api.url, '/users/me', { token })).status).toBe(200);
    expect(await terminateAppBackends(database.name)).toBeGreaterThan(0);
    await expect.poll(() => api.output()).toMatch(/PostgreSQL dropped a connection/);
    expect(api.child.exitCode).toBe(null);
    // Every pooled connection was ended at once; the log line is the first of them noticed. A request in the moment
    // after may still meet one whose end is not noticed yet (a 503, as for any database error): the pool then drops
    // it, and the next request is served on a new connection.
    await expect.poll(async () => (await call(api.url, '/users/me', { token })).status, { timeout: 5000 }).toBe(200);
    const me = await call(api.url, '/users/me', { token });
    expect(me.body.data.username).toBe('member');
    expect(api.child.exitCode).toBe(null);
  });

  it('answers 503 DATABASE_UNAVAILABLE to a request in flight on a terminated backend; the next one succeeds', async () => {
    // Hold the sessions table so that the request waits inside PostgreSQL, then end the backend it waits on.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('begin; lock table sessions in access exclusive mode');
      const inFlight = call(api.url, '/users/me', { token });
      await expect
        .poll(
          async () =>
            (
              await adminQuery('select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database where d.datname = $1 and not l.granted', [
                database.name,
              ])
            ).rows[0].n,
          // The request reaches its lock wait once the server has read it: under a loaded machine, a while.
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0);
      await terminateAppBackends(database.name, [(await locker.query('select pg_backend_pid() as pid')).rows[0].pid]);
      const answer = await inFlight;
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        statusCode: 503,
        error: 'DATABASE_UNAVAILABLE',
        message: 'The database is unavailable for a moment. Please try again in a few seconds.',
      });
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end();
    }
    expect((await call(api.url, '/users/me', { token })).status).toBe(200);
    expect(api.child.exitCode).toBe(null);
  });
});

/**
 * A TCP proxy to PostgreSQL on a port of its own: `cut()` ends every connection through it and closes the port (what
 * a stopped PostgreSQL looks like to the app: connections reset, then refused); `open()` listens again on that port.
 */
async function postgresProxy() {
  const target = new URL(POSTGRES_URL);
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  return {
    port,
    open: () =>
      new Promise<void>((resolve) => {
        server = net.createServer((socket) => {
          const upstream = net.connect(Number(target.port || 5432), target.hostname);
          const end = () => {
            for (const s of [socket, upstream]) {
              s.destroy();
              sockets.delete(s);
            }
          };
          for (const s of [socket, upstream]) {
            sockets.add(s);
            s.on('error', end).on('close', end);
          }
          socket.pipe(upstream).pipe(socket);
        });
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    cut: () =>
      new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

describe('PostgreSQL goes away while the server runs, and comes back', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let proxy: Awaited<ReturnType<typeof postgresProxy>>;
  let api: ApiProcess;

  beforeAll(async () => {
    database = await freshPostgres('tessera_away');
    proxy = await postgresProxy();
    await proxy.open();
    const url = new URL(database.url);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    api = await spawnApi({
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-away-')),
      DATABASE_URL: url.toString(),
      SEED: 'demo',
      DEMO_ADMIN_PASSWORD: 'admin-pass-123',
      PASSWORD_COST: '1024',
      LOG_LEVEL: 'warn',
    });
  }, 60_000);
  afterAll(async () => {
    api?.child.kill('SIGKILL');
    await proxy?.cut();
    await database?.drop();
  });

  it('logs the outage once when it starts and once when it ends, with how many requests it failed, and no SQL or token hash', async () => {
    const token = (await call(api.url, '/auth/login', { body: { username: 'member', password: 'member-pass-123' } })).body.data.token as string;
    expect((await call(api.url, '/users/me', { token })).status).toBe(200);
    let answered503 = 0;
    const me = async () => {
      const answer = await call(api.url, '/users/me', { token });
      if (answer.status === 503) answered503++;
      return answer;
    };

    const before = api.output().length;
    const since = () => api.output().slice(before);
    await proxy.cut();
    const answers = await Promise.all(Array.from({ length: 40 }, me));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(503));
    expect(answers[0]!.body).toEqual({
      statusCode: 503,
      error: 'DATABASE_UNAVAILABLE',
      message: 'The database is unavailable for a moment. Please try again in a few seconds.',
    });
    for (let i = 0; i < 40; i++) expect((await me()).status).toBe(503);

    await proxy.open();
    await expect.poll(async () => (await me()).status, { timeout: 15_000 }).toBe(200);
    await expect.poll(since, { timeout: 15_000 }).toMatch(/The database answers again/);

    const lines = since().trim().split('\n');
    const started = lines.filter((l) => /The database is unavailable|PostgreSQL dropped a connection/.test(l));
    const ended = lines.filter((l) => /The database answers again/.test(l));
    expect(started).toHaveLength(1);
    expect(ended).toHaveLength(1);
    expect(JSON.parse(ended[0]!)).toMatchObject({ failedRequests: answered503 });
    expect(answered503).toBeGreaterThanOrEqual(80);
    // The few lines of an outage, whatever else the process was doing: none with a statement or a session's hash.
    expect(lines.length).toBeLessThan(10);
    expect(since()).not.toMatch(/Failed query|select |params:/i);
    expect(since()).not.toContain(createHash('sha256').update(token).digest('hex'));
    expect(api.child.exitCode).toBe(null);
  });
});

describe('PostgreSQL unreachable at start', () => {
  it('the server says it waits, then exits 1 with one clear message', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [...TEST_NODE_FLAGS, 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: `postgres://tessera:secret-pw@127.0.0.1:${port}/tessera`, DB_WAIT_SECONDS: '2', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise((r) => child.once('exit', r));
    expect(code).toBe(1);
    expect(out).toContain(`waiting for PostgreSQL at 127.0.0.1:${port}…`);
    expect(out).toContain(`Tessera could not start: PostgreSQL at 127.0.0.1:${port} did not answer within 2 s`);
    expect(out).not.toContain('secret-pw');
    expect(out).not.toMatch(/\n\s+at /); // no stack trace
  }, 30_000);

  it('the CLI gives up the same way', async () => {
    const port = await freePort();
    const result = await runCli(['ledger', 'check'], { ...process.env, DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/x`, DB_WAIT_SECONDS: '1' });
    expect(result).toEqual({ code: 1, output: expect.stringMatching(/^PostgreSQL at 127\.0\.0\.1:\d+ did not answer within 1 s/) });
  });

  it('starts once PostgreSQL answers during the wait', async () => {
    const target = new URL(POSTGRES_URL);
    // A proxy that only starts forwarding to PostgreSQL a moment after the server began waiting.
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-wait-'));
    const database = await freshPostgres('tessera_wait');
    const url = new URL(database.url);
    url.port = String(port);
    url.hostname = '127.0.0.1';
    const child = spawn(process.execPath, [...TEST_NODE_FLAGS, 'tests/helpers/api-process.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: url.toString(), DB_WAIT_SECONDS: '30', SEED: 'none', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const proxy = net.createServer((socket) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    try {
      // Open the door only once the server has said it is waiting.
      await expect.poll(() => out, { timeout: 20_000 }).toContain(`waiting for PostgreSQL at 127.0.0.1:${port}…`);
      proxy.listen(port, '127.0.0.1');
      await expect.poll(() => out, { timeout: 20_000 }).toMatch(/listening at http:\/\/\S+/);
      const listening = /listening at (http:\/\/\S+)/.exec(out)![1]!;
      expect((await fetch(`${listening}/api/health`)).status).toBe(200);
    } finally {
      child.kill('SIGKILL');
      proxy.close();
      await database.drop();
    }
  }, 60_000);
});
