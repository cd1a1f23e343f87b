import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { runCli } from '../../src/server/cli/run.ts';
import { getConfig } from '../../src/server/config.ts';
import { openConfiguredDatabase } from '../../src/server/db/client.ts';
import { auditLog, posts } from '../../src/server/db/schema.ts';
import type { App } from '../../src/server/types.ts';
import { createMember, login, testConfig, useApi } from '../helpers/api.ts';
import { startRedis } from '../helpers/redis-server.ts';

const redis = await startRedis();

/** "At once in every process": within a second. */
const withinASecond = (check: () => Promise<unknown> | unknown) => expect.poll(check, { timeout: 1000, interval: 20 });

/**
 * Part 9 of issue 35: a content write goes through its module (content-writes.ts), with its audit entry in its own
 * transaction, and the site is told by the write itself once it committed — from the back office and from the CLI.
 */
describe('content writes: audited in their transaction, announced by the write after it commits', () => {
  // The operator works on process A; process B serves visitors from its page cache (one database, one Redis).
  const a = useApi({ REDIS_URL: redis.url });
  let b: App;
  let token: string;
  beforeAll(async () => {
    b = await buildApp(testConfig({ REDIS_URL: redis.url }), { database: a.database });
    await b.ready();
    const operator = await createMember(a, { role: 'admin' });
    token = await login(a, operator.username);
  });
  afterAll(async () => {
    await b?.close();
    await redis.stop();
  });

  const admin = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    a.app.inject({ method, url: `/api/admin${url}`, headers: { authorization: token }, ...(payload ? { payload } : {}) });
  const auditOf = (id: string) => a.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
  const cachedPage = () => b.pageCache.set('/posts', { status: 200, headers: {}, body: Buffer.from('<h1>Posts</h1>') });

  it('a back-office change is in the audit log and empties every process’s pages; when it is told, both are committed', async () => {
    // What A's own listeners find when the change is announced: the row and its audit entry, already committed.
    const seenAtAnnouncement: Promise<unknown>[] = [];
    const stop = a.app.siteChanges.on((change) => {
      if (change === 'content')
        seenAtAnnouncement.push(Promise.all([a.database.db.select({ title: posts.title }).from(posts), a.database.db.select().from(auditLog)]));
    });
    cachedPage();
    const created = await admin('POST', '/posts', { title: 'Opening night', type: 'post', status: 'active' });
    expect(created.statusCode).toBe(200);
    const id = created.json().data._id as string;
    await withinASecond(() => b.pageCache.size).toBe(0);
    stop();
    expect(seenAtAnnouncement).toHaveLength(1);
    const [rows, entries] = (await seenAtAnnouncement[0]) as [{ title: string }[], { action: string; targetId: string }[]];
    expect(rows).toEqual([{ title: 'Opening night' }]);
    expect(entries).toEqual([expect.objectContaining({ action: 'create', targetId: id })]);

    cachedPage();
    const renamed = await admin('PATCH', `/posts/${id}`, { title: 'Opening night, again' });
    expect(renamed.statusCode).toBe(200);
    await withinASecond(() => b.pageCache.size).toBe(0);
    const log = await auditOf(id);
    expect(log.map((e) => e.action).sort()).toEqual(['create', 'update']);
    const update = log.find((e) => e.action === 'update')!;
    expect(update.before).toMatchObject({ title: 'Opening night' });
    expect(update.after).toMatchObject({ title: 'Opening night, again' });
  });

  it('a refused write changes nothing, logs nothing and tells nobody', async () => {
    const first = (await admin('POST', '/posts', { title: 'Taken', type: 'post', status: 'inactive', slug: 'taken' })).json().data._id as string;
    const second = (await admin('POST', '/posts', { title: 'Other', type: 'post', status: 'inactive' })).json().data._id as string;
    let told = 0;
    const stop = a.app.siteChanges.on((change) => void (change === 'content' && told++));
    const clash = await admin('PATCH', `/posts/${second}`, { slug: 'taken' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields).toEqual({ slug: expect.stringContaining("'taken' is taken") });
    stop();
    expect(told).toBe(0);
    expect((await auditOf(second)).map((e) => e.action)).toEqual(['create']);
    expect((await auditOf(first)).map((e) => e.action)).toEqual(['create']);
  });

  it('a write whose audit entry cannot be written is not made at all (one transaction)', async () => {
    const id = (await admin('POST', '/posts', { title: 'Kept as it was', type: 'post', status: 'inactive' })).json().data._id as string;
    let told = 0;
    const stop = a.app.siteChanges.on(() => void told++);
    // A writer the audit log cannot name (no such account: its foreign key refuses the entry).
    const ghost = { id: randomUUID(), name: 'ghost' };
    await expect(a.app.services.content.posts.update(id, { title: 'Changed without a trace' }, ghost)).rejects.toThrow();
    await expect(a.app.services.content.posts.remove(id, ghost)).rejects.toThrow();
    stop();
    expect(told).toBe(0);
    const [row] = await a.database.db.select().from(posts).where(eq(posts.id, id));
    expect(row).toMatchObject({ title: 'Kept as it was', status: 'inactive' });
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['create']);
  });

  describe('the operator CLI changes content the same way', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-cli-content-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent', REDIS_URL: redis.url };
    const cli = (...args: string[]) => runCli(args, env);
    /** The CLI's database (its own PGlite folder), opened between its runs. */
    const onCliDatabase = async <T>(run: (db: Awaited<ReturnType<typeof openConfiguredDatabase>>['db']) => Promise<T>): Promise<T> => {
      const database = await openConfiguredDatabase(getConfig(env), 'test');
      try {
        return await run(database.db);
      } finally {
        await database.close();
      }
    };
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it('content unpublish and publish: the item changes, the audit log names the CLI, the running servers are told', { timeout: 60_000 }, async () => {
      expect((await cli('migrate')).code).toBe(0);
      const id = await onCliDatabase(async (db) => {
        const [row] = await db.insert(posts).values({ title: 'Press release', slug: 'press-release', status: 'active' }).returning({ id: posts.id });
        return row!.id;
      });
      b.pageCache.set('/posts/press-release', { status: 200, headers: {}, body: Buffer.from('<h1>Press release</h1>') });
      expect(await cli('content', 'unpublish', 'posts', 'press-release')).toEqual({
        code: 0,
        output: "Unpublished 'Press release': draft.\nRunning servers were told through Redis.",
      });
      await withinASecond(() => b.pageCache.size).toBe(0);
      expect(await cli('content', 'publish', 'posts', id)).toMatchObject({ code: 0, output: expect.stringContaining("Published 'Press release': published.") });
      const log = await onCliDatabase(async (db) => {
        const [row] = await db.select({ status: posts.status }).from(posts).where(eq(posts.id, id));
        const entries = await db
          .select({ action: auditLog.action, actorId: auditLog.actorId, actorName: auditLog.actorName, resource: auditLog.resource })
          .from(auditLog)
          .where(and(eq(auditLog.targetId, id)));
        return { status: row!.status, entries };
      });
      expect(log.status).toBe('active');
      expect(log.entries.map((e) => e.action).sort()).toEqual(['publish', 'unpublish']);
      expect(log.entries.every((e) => e.actorId === null && e.actorName === 'operator (CLI)' && e.resource === 'posts')).toBe(true);
    });

    it('refuses what it cannot mean: an unknown kind is a usage error, an unknown item says so', async () => {
      expect(await cli('content', 'publish', 'pages', 'x')).toEqual({
        code: 2,
        output: expect.stringContaining('content publish needs a kind (videos, galleries'),
      });
      expect(await cli('content', 'unpublish', 'posts')).toMatchObject({ code: 2 });
      expect(await cli('content', 'publish', 'videos', 'no-such-video')).toEqual({ code: 1, output: 'Error: No such video.' });
    });
  });
});
