import { eq, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { beforeAll, describe, expect, it } from 'vitest';
import { comments, dataExports, paymentTransactions, reactions, tokenLedger, users, violationReports } from '../../src/server/db/schema.ts';
import { DATA_EXPORT_QUEUED } from '../../src/shared/contracts/data-export.ts';
import { createMember, login, queriesDuring, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { buyShippedMug, call, firstPackage, idOf } from '../helpers/commerce.ts';
import { linkIn, useSmtp } from '../helpers/smtp.ts';

/** Every file of a zip, by name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, archive) => {
      if (err) return reject(err);
      const files = new Map<string, Buffer>();
      archive.on('error', reject);
      archive.on('end', () => resolve(files));
      archive.on('entry', (entry: yauzl.Entry) =>
        archive.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => (files.set(entry.fileName, Buffer.concat(chunks)), archive.readEntry()));
        }),
      );
      archive.readEntry();
    });
  });
}
const lines = (file: Buffer | undefined) =>
  (file ?? Buffer.alloc(0))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const PICTURE = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 a picture of theirs');

describe('download my data', () => {
  const env: Record<string, string> = { PUBLIC_URL: 'https://shop.example' };
  const sink = useSmtp(env);
  const h = useApi(env);
  const member = async (input: Parameters<typeof createMember>[1] = {}) => {
    const m = await createMember(h, input);
    return { ...m, token: await login(h, m.username) };
  };
  const ask = (token: string) => call(h, 'POST', '/api/users/me/data-exports', { token, body: {} });
  const stateOf = async (token: string) => (await call(h, 'GET', '/api/users/me/data-exports/latest', { token })).body.data?.state;
  const download = (token: string, link: URL) => {
    const id = link.pathname.split('/').at(-1)!;
    return h.app.inject({ url: `/api/users/me/data-exports/${id}/download?key=${link.searchParams.get('key')}`, headers: { authorization: token } });
  };

  beforeAll(async () => {
    await seedCatalogue(h);
  });

  it('queues an export, mails its link, and the zip holds each kind of the member’s rows and pictures', async () => {
    const ada = await member({ tokens: 500, name: 'Ada Export' });
    const other = await member();
    const db = h.database.db;
    // Their rows: a comment with a picture, a like and both lists, a purchase and an order at an address (bought with
    // tokens), a payment, a report; and someone else's comment that must not be in it.
    const storage = h.app.media.storage;
    await storage.put('public/avatars/ada-export.webp', PICTURE, 'image/webp');
    await storage.put('public/comments/ada-export.webp', PICTURE, 'image/webp');
    await db.update(users).set({ avatar: '/media/public/avatars/ada-export.webp' }).where(eq(users.id, ada.id));
    const video = await idOf(h, 'video', 'desert-colour-drift');
    const [comment] = await db
      .insert(comments)
      .values({
        objectType: 'video',
        objectId: video,
        userId: ada.id,
        content: 'The northern lights, finally!',
        attachment: { url: '/media/public/comments/ada-export.webp', width: 10, height: 10 },
      })
      .returning();
    await db.insert(comments).values({ objectType: 'video', objectId: video, userId: other.id, content: 'Not Ada’s words' });
    await db
      .insert(reactions)
      .values(
        ['like', 'favourite', 'watch_later'].map((action) => ({ userId: ada.id, objectType: 'video' as const, objectId: video, action: action as 'like' })),
      );
    const bought = await buyShippedMug(h, ada.token, 'Ada Export');
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const pkg = await firstPackage(h);
    await db
      .insert(paymentTransactions)
      .values({ userId: ada.id, packageId: pkg.id, gateway: 'test', amountMinor: 999, currency: 'EUR', tokens: 100, status: 'success' });
    await db
      .insert(violationReports)
      .values({ userId: ada.id, type: 'spam', targetType: 'comment', targetId: comment!.id, description: 'Looks like an advert' });

    const since = sink.messages.length;
    const asked = await ask(ada.token);
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ state: 'queued', message: DATA_EXPORT_QUEUED, expiresAt: null });
    await expect.poll(() => stateOf(ada.token), { timeout: 30_000 }).toBe('ready');

    const mail = await sink.waitFor(ada.email, /data is ready/, { since });
    expect(mail.text).toContain('24 hours');
    const link = linkIn(mail, '/account/data/');
    expect(link.origin).toBe('https://shop.example');

    const res = await download(ada.token, link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename\*=UTF-8''my-data-\d{4}-\d{2}-\d{2}\.zip/);
    const files = await unzip(res.rawPayload);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        'README.txt',
        'profile.json',
        'comments.jsonl',
        'reactions.jsonl',
        'lists.jsonl',
        'purchases.jsonl',
        'orders.jsonl',
        'ledger.jsonl',
        'payments.jsonl',
        'reports.jsonl',
      ]),
    );
    const profile = JSON.parse(files.get('profile.json')!.toString());
    expect(profile).toMatchObject({ id: ada.id, username: ada.username, email: ada.email, name: 'Ada Export' });
    expect(profile).not.toHaveProperty('passwordHash');
    expect(lines(files.get('comments.jsonl')).map((c) => c.content)).toEqual(['The northern lights, finally!']);
    expect(lines(files.get('reactions.jsonl'))).toEqual([expect.objectContaining({ objectId: video })]);
    expect(lines(files.get('lists.jsonl')).map((l) => l.list)).toEqual(expect.arrayContaining(['favourite', 'watch_later']));
    const [order] = lines(files.get('orders.jsonl'));
    expect(order).toMatchObject({ recipientName: 'Ada Export', deliveryAddress: '7 Lantern Lane\nTromsø', postalCode: '9008', country: 'NO' });
    expect(lines(files.get('purchases.jsonl')).length).toBeGreaterThan(0);
    const ledger = await db
      .select({ delta: tokenLedger.delta })
      .from(tokenLedger)
      .where(eq(tokenLedger.userId, ada.id))
      .orderBy(tokenLedger.createdAt, tokenLedger.id);
    expect(ledger.length).toBeGreaterThan(1); // the opening balance and the mug
    expect(lines(files.get('ledger.jsonl')).map((e) => e.delta)).toEqual(ledger.map((r) => r.delta));
    expect(lines(files.get('ledger.jsonl'))[0]).toMatchObject({ delta: 500, balanceAfter: 500 });
    expect(lines(files.get('payments.jsonl'))).toEqual([expect.objectContaining({ amountMinor: 999, currency: 'EUR', tokens: 100 })]);
    expect(lines(files.get('reports.jsonl'))).toEqual([expect.objectContaining({ description: 'Looks like an advert', targetId: comment!.id })]);
    expect(files.get('pictures/avatar.webp')).toEqual(PICTURE);
    expect(files.get(`pictures/comments/${comment!.id}.webp`)).toEqual(PICTURE);

    // Only for its owner: another member's session is told nothing exists, and so is a wrong key or no session.
    expect((await download(other.token, link)).statusCode).toBe(404);
    const wrongKey = new URL(link);
    wrongKey.searchParams.set('key', 'x'.repeat(43));
    expect((await download(ada.token, wrongKey)).json()).toMatchObject({ statusCode: 404 });
    expect(
      (await h.app.inject({ url: `/api/users/me/data-exports/${link.pathname.split('/').at(-1)}/download?key=${link.searchParams.get('key')}` })).statusCode,
    ).toBe(401);
    const malformed = await h.app.inject({ url: `/api/users/me/data-exports/not-an-id/download?key=short`, headers: { authorization: ada.token } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toBeTruthy();

    // Past its 24 hours: a clear 410, and the hourly sweep removes the file.
    const id = link.pathname.split('/').at(-1)!;
    await db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, id));
    const expired = await download(ada.token, link);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ error: 'EXPORT_EXPIRED', message: expect.stringContaining('expired') });
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(await storage.stat(row!.storageKey!)).not.toBeNull();
    expect(await h.app.services.dataExport.sweep()).toBe(1);
    expect(await storage.stat(row!.storageKey!)).toBeNull();
    expect((await download(ada.token, link)).statusCode).toBe(410);
  });

  it('refuses a second export while one is queued or running (409 with a message), and allows one after', async () => {
    const bo = await member();
    // Bo's export waiting in the queue (as written by a request whose job has not started).
    await h.database.db.insert(dataExports).values({ userId: bo.id, state: 'running' });
    const second = await ask(bo.token);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: 'EXPORT_RUNNING', message: expect.stringContaining('already being gathered') });
    expect(await h.database.db.$count(dataExports, eq(dataExports.userId, bo.id))).toBe(1);
    // One whose job is gone for good does not hold the member for ever: a day on, the hourly sweep fails it.
    await h.database.db
      .update(dataExports)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(dataExports.userId, bo.id));
    await h.app.services.dataExport.sweep();
    expect(await stateOf(bo.token)).toBe('failed');
    expect((await ask(bo.token)).status).toBe(200);
    await expect.poll(() => stateOf(bo.token), { timeout: 30_000 }).toBe('ready');
    // Bad input and no session.
    expect((await call(h, 'POST', '/api/users/me/data-exports', { token: bo.token, body: { userId: bo.id } })).status).toBe(400);
    expect((await call(h, 'POST', '/api/users/me/data-exports', { body: {} })).status).toBe(401);
  });

  it('a member with 20,000 ledger entries gets them all, read a batch at a time', async () => {
    const big = await member();
    await h.database.db.execute(
      sql`insert into token_ledger (user_id, delta, balance_after, reason, ref_type, created_at)
          select ${big.id}, 1, g, 'bulk', 'adjustment', now() - (20000 - g) * interval '1 second' from generate_series(1, 20000) g`,
    );
    expect((await ask(big.token)).status).toBe(200);
    const { queries } = await queriesDuring(() => expect.poll(() => stateOf(big.token), { timeout: 120_000, interval: 500 }).toBe('ready'));
    // 20,000 rows in batches of 2,000: the ledger is read in at least ten queries, never in one.
    expect(queries.filter((q) => /from "token_ledger"/.test(q)).length).toBeGreaterThanOrEqual(10);
    const mail = await sink.waitFor(big.email, /data is ready/);
    const res = await download(big.token, linkIn(mail, '/account/data/'));
    const entries = lines((await unzip(res.rawPayload)).get('ledger.jsonl'));
    expect(entries).toHaveLength(20_000);
    expect(entries.at(-1)).toMatchObject({ balanceAfter: 20_000 });
  });
});
