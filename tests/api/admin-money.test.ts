import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentTransactions, tokenLedger, tokenTransactions } from '../../src/server/db/schema.ts';
import { toCsv } from '../../src/server/lib/http/csv.ts';
import type { AdminResource } from '../../src/shared/admin/resource.ts';
import { paymentsResource } from '../../src/shared/admin/resources/payments.ts';
import { tokenTransactionsResource } from '../../src/shared/admin/resources/token-transactions.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/socket-events.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { balanceOf, call, ledgerProblems } from '../helpers/commerce.ts';

/** The back office's money: token packages, every member's payments and spends, refunds, CSV exports. */
describe('money in the back office', () => {
  const h = useApi({ PAYMENT_TEST_GATEWAY: 'on' }, { realtime: true, listen: true });
  let admin = '';
  let member = '';
  let memberId = '';
  let memberName = '';
  const as = (token: string | null, method: string, url: string, payload?: unknown) =>
    h.app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: token } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const json = async (method: string, url: string, payload?: unknown) => {
    const res = await as(admin, method, url, payload);
    return { status: res.statusCode, body: res.json() };
  };
  const publicPackages = async () =>
    (await call(h, 'GET', '/api/package/token/search?limit=50')).body.data.data.map((p: { name: string }) => p.name) as string[];
  /** A payment of the member for the package, settled (`confirm`), failed (`cancel`) or left pending. */
  const pay = async (packageId: string, outcome: 'confirm' | 'cancel' | null, token = member) => {
    const { paymentId } = (await call(h, 'POST', '/api/payment/purchase-tokens', { token, body: { packageId, gateway: 'test' } })).body.data;
    if (outcome) expect((await call(h, 'POST', `/api/payment/test-gateway/${paymentId}/${outcome}`, { token })).status).toBe(200);
    return paymentId as string;
  };
  const newPackage = async (body: Record<string, unknown>) => {
    const res = await json('POST', '/api/admin/token-packages', { currency: 'USD', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { _id: string; name: string };
  };

  beforeAll(async () => {
    await seedCatalogue(h);
    admin = await login(h, (await createMember(h, { role: 'admin' })).username);
    const m = await createMember(h, { name: 'Ada, "the" Buyer' });
    [memberId, memberName, member] = [m.id, m.username, await login(h, m.username)];
  });

  it('token packages: created, changed, ordered and disabled here are what the public tokens page sells', async () => {
    const first = await newPackage({ name: 'Aaa First', tokens: 50, price: 1.5, ordering: -100 });
    expect(first).toMatchObject({
      name: 'Aaa First',
      tokens: 50,
      price: 1.5,
      currency: 'USD',
      ordering: -100,
      isActive: true,
      priceText: '$1.50',
      payments: 0,
    });
    const second = await newPackage({ name: 'Bbb Second', tokens: 70, price: 2, ordering: -90, description: 'Seventy.' });
    expect((await publicPackages()).slice(0, 2)).toEqual(['Aaa First', 'Bbb Second']);

    // A new order and price; the tokens page follows at once.
    const changed = await json('PATCH', `/api/admin/token-packages/${second._id}`, { ordering: -200, price: 2.25, currency: 'eur' });
    expect(changed.body.data).toMatchObject({ ordering: -200, price: 2.25, currency: 'EUR' });
    expect((await publicPackages()).slice(0, 2)).toEqual(['Bbb Second', 'Aaa First']);

    // Disabled (in bulk: the list's Disable) it leaves the page; enabled it comes back.
    const off = await json('POST', '/api/admin/token-packages/bulk', { action: 'unpublish', ids: [second._id] });
    expect(off.body.data).toEqual({ done: [second._id], failed: [] });
    expect(await publicPackages()).not.toContain('Bbb Second');
    expect((await json('GET', '/api/admin/token-packages?isActive=false')).body.data.data.map((p: { _id: string }) => p._id)).toEqual([second._id]);
    await json('PATCH', `/api/admin/token-packages/${second._id}`, { isActive: true });
    expect(await publicPackages()).toContain('Bbb Second');

    // Deleting: one nobody paid for goes; one with a payment stays, with the reason, and can be disabled instead.
    expect((await json('DELETE', `/api/admin/token-packages/${first._id}`)).status).toBe(200);
    expect((await json('GET', `/api/admin/token-packages/${first._id}`)).status).toBe(404);
    await pay(second._id, null);
    const refused = await json('DELETE', `/api/admin/token-packages/${second._id}`);
    expect([refused.status, refused.body.error]).toEqual([422, 'PACKAGE_IN_USE']);
    expect(refused.body.message).toBe("1 payment refers to 'Bbb Second', so it stays for their records: disable it instead (it leaves the tokens page).");
    expect((await json('GET', `/api/admin/token-packages/${second._id}`)).body.data).toMatchObject({ payments: 1, isActive: true });
    const listed = (await json('GET', '/api/admin/token-packages?limit=200')).body.data.data;
    expect(listed.find((p: { _id: string }) => p._id === second._id)).toMatchObject({ payments: 1 });

    const log = (await json('GET', `/api/admin/audit?resource=token-packages&targetId=${second._id}`)).body.data.data;
    expect(log.map((e: { action: string }) => e.action)).toEqual(['update', 'unpublish', 'update', 'create']);
  });

  it('token packages: bad input is refused at its fields and nothing is saved', async () => {
    const before = (await json('GET', '/api/admin/token-packages?limit=200')).body.data.total;
    const bad = await json('POST', '/api/admin/token-packages', { name: '', tokens: 0, price: 0, currency: 'U$', extra: 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['currency', 'extra', 'name', 'price', 'tokens']);
    const cents = await json('POST', '/api/admin/token-packages', { name: 'Odd', tokens: 5, price: 1.999, currency: 'USD' });
    expect([cents.status, cents.body.fields]).toEqual([400, { price: 'Price: USD is written with 2 decimals at most, and the price must be above 0.' }]);
    const unknown = await json('POST', '/api/admin/token-packages', { name: 'Odd', tokens: 5, price: 1, currency: 'ZZZ' });
    expect([unknown.status, unknown.body.fields]).toEqual([400, { currency: "Currency: 'ZZZ' is not a currency code; use one such as USD or EUR." }]);
    const blank = await json('POST', '/api/admin/token-packages', { name: '   ', tokens: 5, price: 1, currency: 'USD' });
    expect([blank.status, blank.body.fields]).toEqual([400, { name: 'Name: fill this in.' }]);
    expect((await json('GET', '/api/admin/token-packages?limit=200')).body.data.total).toBe(before);
    expect((await json('PATCH', '/api/admin/token-packages/not-an-id', { tokens: 5 })).body).toMatchObject({ statusCode: 400, error: 'VALIDATION_ERROR' });
    expect((await json('PATCH', '/api/admin/token-packages/00000000-0000-4000-8000-000000000000', { tokens: 5 })).status).toBe(404);
  });

  it("payments: every member's, filtered by status, gateway, member, day and search, sorted by amount", async () => {
    const cheap = await newPackage({ name: 'Filter Cheap', tokens: 10, price: 1 });
    const dear = await newPackage({ name: 'Filter Dear', tokens: 900, price: 90 });
    const other = await createMember(h);
    const otherToken = await login(h, other.username);
    const settled = await pay(cheap._id, 'confirm');
    const failed = await pay(cheap._id, 'cancel');
    const big = await pay(dear._id, 'confirm', otherToken);
    const ids = async (query: string) => (await json('GET', `/api/admin/payments?limit=200&${query}`)).body.data.data.map((p: { _id: string }) => p._id);

    const success = await ids('status=success');
    expect(success).toEqual(expect.arrayContaining([settled, big]));
    expect(success).not.toContain(failed);
    expect(await ids(`status=failed&userId=${memberId}`)).toEqual([failed]);
    expect(await ids(`userId=${other.id}`)).toEqual([big]);
    expect(await ids('gateway=stripe')).toEqual([]);
    expect(await ids(`q=${other.username}`)).toEqual([big]);
    const providerRef = (await h.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, settled)))[0]!.providerRef!;
    expect(await ids(`q=${encodeURIComponent(providerRef)}`)).toEqual([settled]);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await ids(`userId=${other.id}&fromDate=${today}&toDate=${today}`)).toEqual([big]);
    expect(await ids(`fromDate=${tomorrow}`)).toEqual([]);
    expect((await ids('sortBy=amount'))[0]).toBe(big);

    const one = (await json('GET', `/api/admin/payments/${settled}`)).body.data;
    expect(one).toMatchObject({ _id: settled, member: memberName, packageName: 'Filter Cheap', amount: 1, amountText: '$1.00', tokens: 10, status: 'success' });
    expect((await json('GET', '/api/admin/payments?status=paid')).status).toBe(400);
    expect((await json('GET', '/api/admin/payments?userId=nobody')).status).toBe(400);
    // Read-only: nothing to create, change or delete.
    const post = await json('POST', '/api/admin/payments', {});
    expect(post.status, JSON.stringify(post.body)).toBe(404);
    expect((await json('DELETE', `/api/admin/payments/${settled}`)).status).toBe(404);
  });

  it('refund: the payment becomes refunded and its tokens leave the balance in one ledger entry; the member hears it live', async () => {
    const pkg = await newPackage({ name: 'Refundable', tokens: 30, price: 3 });
    const paymentId = await pay(pkg._id, 'confirm');
    const balance = await balanceOf(h, member);
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`, {
      transports: ['websocket'],
      query: { token: member },
      reconnection: false,
    });
    try {
      await new Promise((resolve) => socket.once('auth/status', resolve));
      const heard = new Promise((resolve) => socket.once('update_balance', resolve));

      const blank = await json('POST', `/api/admin/payments/${paymentId}/refund`, { reason: '  ' });
      expect([blank.status, blank.body.fields]).toEqual([400, { reason: 'Reason: say why the payment is refunded.' }]);
      const refunded = await json('POST', `/api/admin/payments/${paymentId}/refund`, { reason: 'Charged twice by mistake' });
      expect(refunded.status).toBe(200);
      expect(refunded.body.data).toMatchObject({ status: 'refunded', refundReason: 'Charged twice by mistake' });
      expect(await heard).toEqual({ balance: balance - 30, delta: -30 });
    } finally {
      socket.disconnect();
    }
    expect(await balanceOf(h, member)).toBe(balance - 30);
    const entries = await h.database.db
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.refType, 'payment'), eq(tokenLedger.refId, paymentId)));
    expect(entries.map((e) => [e.delta, e.reason]).sort()).toEqual([
      [-30, 'refund: Charged twice by mistake'],
      [30, 'token package purchase'],
    ]);
    expect(await ledgerProblems(h)).toEqual([]);

    // Twice: a 422, and nothing moves.
    const again = await json('POST', `/api/admin/payments/${paymentId}/refund`, { reason: 'Again' });
    expect([again.status, again.body.error, again.body.message]).toEqual([422, 'PAYMENT_NOT_REFUNDABLE', 'This payment is already refunded.']);
    expect(await balanceOf(h, member)).toBe(balance - 30);
    // Two at once (two tabs): one refunds, the other is told it is done already.
    const second = await pay(pkg._id, 'confirm');
    const before = await balanceOf(h, member);
    const both = await Promise.all([1, 2].map((n) => json('POST', `/api/admin/payments/${second}/refund`, { reason: `Tab ${n}` })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await balanceOf(h, member)).toBe(before - 30);
    expect(await ledgerProblems(h)).toEqual([]);
    const audit = (await json('GET', `/api/admin/audit?resource=payments&targetId=${paymentId}`)).body.data.data;
    expect(audit).toMatchObject([{ action: 'refund', before: { status: 'success' }, after: { status: 'refunded' } }]);
  });

  it('refund: refused for a payment not settled, and for tokens already spent; nothing changes', async () => {
    const pkg = await newPackage({ name: 'Spendable', tokens: 40, price: 4 });
    const pending = await pay(pkg._id, null);
    const failed = await pay(pkg._id, 'cancel');
    for (const [id, status] of [
      [pending, 'pending'],
      [failed, 'failed'],
    ]) {
      const res = await json('POST', `/api/admin/payments/${id}/refund`, { reason: 'Test' });
      expect([res.status, res.body.error, res.body.message]).toEqual([
        422,
        'PAYMENT_NOT_REFUNDABLE',
        `Only a settled payment can be refunded; this one is ${status}.`,
      ]);
    }
    expect((await json('POST', '/api/admin/payments/00000000-0000-4000-8000-000000000000/refund', { reason: 'x' })).status).toBe(404);

    // A member who has spent the tokens: refused, the payment stays settled, the balance as it was.
    const spender = await createMember(h);
    const spenderToken = await login(h, spender.username);
    const paid = await pay(pkg._id, 'confirm', spenderToken);
    expect((await call(h, 'POST', '/api/token-transactions/video/northern-lights-over-the-fjord', { token: spenderToken })).status).toBe(200);
    const left = await balanceOf(h, spenderToken);
    const spent = await json('POST', `/api/admin/payments/${paid}/refund`, { reason: 'Asked for it' });
    expect([spent.status, spent.body.error]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    expect(spent.body.message).toBe(
      `${spender.username} has ${left} tokens left of the 40 this payment bought: the rest are spent, so the payment cannot be refunded here. Nothing was changed.`,
    );
    expect((await json('GET', `/api/admin/payments/${paid}`)).body.data.status).toBe('success');
    expect(await balanceOf(h, spenderToken)).toBe(left);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it("token transactions: every member's unlocks and checkouts, by kind, status, member and search", async () => {
    const buyer = await createMember(h, { tokens: 500 });
    const token = await login(h, buyer.username);
    const unlock = (await call(h, 'POST', '/api/token-transactions/gallery/city-after-dark', { token })).body.data;
    expect(unlock?._id, 'the gallery unlock').toBeTruthy();
    const list = async (query: string) => (await json('GET', `/api/admin/token-transactions?limit=200&${query}`)).body.data;
    expect((await list(`userId=${buyer.id}`)).data).toMatchObject([{ _id: unlock._id, type: 'gallery', member: buyer.username, status: 'success' }]);
    expect((await list(`userId=${buyer.id}&type=video`)).total).toBe(0);
    expect((await list(`userId=${buyer.id}&status=refunded`)).total).toBe(0);
    expect((await list('q=city%20after')).data.map((t: { _id: string }) => t._id)).toContain(unlock._id);
    expect((await json('GET', `/api/admin/token-transactions/${unlock._id}`)).body.data).toMatchObject({ totalPrice: unlock.totalPrice });
    expect((await json('GET', '/api/admin/token-transactions?type=book')).status).toBe(400);
  });

  it('CSV export: the list with its filters, quoted, with formulas defused; admins only', async () => {
    const pkg = await newPackage({ name: '=HYPERLINK("http://evil"),"x"', tokens: 12, price: 1.2 });
    const paymentId = await pay(pkg._id, 'confirm');
    const res = await as(admin, 'GET', `/api/admin/payments/export.csv?status=success&userId=${memberId}&q=${memberName}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      "Payment id,Created (UTC),Settled (UTC),Member,E-mail,Member id,Package,Tokens,Amount,Currency,Coupon,Discount,Gateway,Provider's reference,Status,Refund reason",
    );
    const rows = lines.slice(1, -1);
    expect(lines.at(-1)).toBe('');
    // Only this member's settled payments (the refunded one is not), newest first.
    const settled = await h.database.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.userId, memberId), eq(paymentTransactions.status, 'success')));
    expect(rows).toHaveLength(settled.length);
    expect(rows[0]).toContain(`${paymentId},`);
    expect(rows[0]).toContain(`,"'=HYPERLINK(""http://evil""),""x""",12,1.2,USD,,0,test,`);

    const spends = await as(admin, 'GET', '/api/admin/token-transactions/export.csv?type=gallery');
    expect(spends.statusCode).toBe(200);
    const spendRows = spends.body.split('\r\n').slice(1, -1);
    expect(spendRows.length).toBeGreaterThan(0);
    expect(spendRows.every((r) => r.includes(',gallery,'))).toBe(true);

    const doc = (
      h.app.swagger() as { paths: Record<string, { get?: { operationId?: string; tags?: string[]; responses?: Record<string, { content?: object }> } }> }
    ).paths['/api/admin/payments/export.csv']!.get!;
    expect([doc.operationId, doc.tags, Object.keys(doc.responses!['200']!.content!)]).toEqual(['admin_payments_export', ['admin'], ['text/csv']]);
    expect((await as(null, 'GET', '/api/admin/payments/export.csv')).statusCode).toBe(401);
    expect((await as(member, 'GET', '/api/admin/payments/export.csv')).statusCode).toBe(403);
    expect((await as(admin, 'GET', '/api/admin/payments/export.csv?status=paid')).statusCode).toBe(400);
  });

  // Exports stream every row, read by keyset a batch (5,000) at a time. The spends and payments below are written
  // straight into the tables (no ledger entries): these tests come last, after the ledger checks above.

  /** An export's lines: the header first, then one per row (the body ends with CRLF, checked by the test above). */
  const exported = async (resource: string, query: string) => {
    const res = await as(admin, 'GET', `/api/admin/${resource}/export.csv?${query}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
    return { body: res.body, lines: res.body.slice(1, -2).split('\r\n') };
  };
  /** The ids of an export's rows (its first column), in order, after checking the header comes first. */
  const exportedIds = async (resource: AdminResource, query: string) => {
    const { lines } = await exported(resource.name, query);
    expect(lines[0]).toBe(resource.exportCsv!.map((c) => c.label).join(','));
    return lines.slice(1).map((line) => line.slice(0, line.indexOf(',')));
  };
  /** The CSV the list's pages make for the same query: what the export must be, byte for byte. */
  const listAsCsv = async (resource: AdminResource, query: string) => {
    const items: Record<string, unknown>[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = await json('GET', `/api/admin/${resource.name}?${query}&limit=200&offset=${offset}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      items.push(...page.body.data.data);
      if (page.body.data.data.length < 200) break;
    }
    const columns = resource.exportCsv!;
    return {
      csv: toCsv(
        columns.map((c) => c.label),
        items.map((item) => columns.map((c) => item[c.key])),
      ),
      count: items.length,
    };
  };
  /** Where two lists of ids first differ (-1: they are the same), for a short failure message on 25,000 rows. */
  const firstDifference = (got: string[], want: string[]) => {
    for (let i = 0; i < Math.max(got.length, want.length); i++)
      if (got[i] !== want[i]) return { at: i, got: got[i], want: want[i], lengths: [got.length, want.length] };
    return -1;
  };
  let bulkId = '';

  it("CSV export: each filter, the search and each sort give the list's rows, all its pages, in its order", async () => {
    const person = await createMember(h, { name: 'Filter Person' });
    const other = await createMember(h, { name: 'Other Person' });
    const t = tokenTransactions;
    // Twelve spends: every kind and status, three days, several at the very same instant (the id breaks the tie).
    const rows = [
      ['video', 'Alpha Sunset', 5, 'success', '2021-03-01T10:00:00.123456Z'],
      ['video', 'Alpha Sunrise', 7, 'refunded', '2021-03-01T10:00:00.123456Z'],
      ['gallery', 'Beta Harbour', 5, 'success', '2021-03-01T10:00:00.123456Z'],
      ['gallery', 'Beta, "quoted"', 9, 'success', '2021-03-02T00:00:00Z'],
      ['story', '=cmd|calc', 3, 'success', '2021-03-02T12:30:00.000001Z'],
      ['story', 'Gamma Story', 3, 'refunded', '2021-03-02T23:59:59.998Z'],
      ['product', null, 11, 'success', '2021-03-02T23:59:59.998Z'],
      ['video', 'Delta Night', 5, 'success', '2021-03-03T00:00:00Z'],
      ['video', 'Delta Night', 5, 'success', '2021-03-03T00:00:00Z'],
      ['gallery', 'Epsilon', 1, 'success', '2021-03-03T08:00:00Z'],
    ] as const;
    await h.database.db.insert(t).values(
      rows.map(([type, title, totalPrice, status, at]) => ({
        userId: person.id,
        type,
        targetInfo: title ? { title } : {},
        products: type === 'product' ? [{ productId: '00000000-0000-4000-8000-000000000001', name: 'Alpha Mug', quantity: 2, price: 5 }] : [],
        totalPrice,
        status,
        createdAt: new Date(at),
      })),
    );
    await h.database.db.insert(t).values([
      { userId: other.id, type: 'video', targetInfo: { title: 'Alpha Sunset' }, totalPrice: 5, createdAt: new Date('2021-03-01T10:00:00.123456Z') },
      { userId: other.id, type: 'story', targetInfo: { title: 'Zeta' }, totalPrice: 2, status: 'refunded', createdAt: new Date('2021-03-02T05:00:00Z') },
    ]);
    // Microseconds the driver's Date cannot hold: written again in SQL.
    await h.database.db.execute(sql`update token_transactions set created_at = created_at + interval '456 microseconds'
      where user_id in (${person.id}, ${other.id}) and created_at = '2021-03-01T10:00:00.123Z'`);

    const spends = tokenTransactionsResource;
    const mine = `userId=${person.id}`;
    const both = `q=${encodeURIComponent('Person')}`;
    const queries = [
      mine,
      `${mine}&type=gallery`,
      `${mine}&status=refunded`,
      `${mine}&type=video&status=success`,
      `${mine}&fromDate=2021-03-02&toDate=2021-03-02`,
      `${mine}&fromDate=2021-03-03`,
      `${mine}&toDate=2021-03-01`,
      'q=alpha',
      `q=${person.username}`,
      `${both}&sortBy=oldest`,
      `${both}&sortBy=price`,
      `${both}&sortBy=price&sort=asc`,
      `${both}&sort=asc`,
      `${both}&type=story&fromDate=2021-03-02&toDate=2021-03-02&sortBy=price`,
      `${mine}&type=story&status=refunded&fromDate=2021-03-03`,
    ];
    const counts: number[] = [];
    for (const query of queries) {
      const list = await listAsCsv(spends, query);
      expect((await exported(spends.name, query)).body, query).toBe(list.csv);
      counts.push(list.count);
    }
    // The filters did filter (the comparison above would also pass if both ignored them).
    expect(counts).toEqual([10, 3, 2, 3, 4, 3, 3, 4, 10, 12, 12, 12, 12, 3, 0]);
    expect((await exported(spends.name, `${mine}&type=story&status=refunded&fromDate=2021-03-03`)).lines).toEqual([
      spends.exportCsv!.map((c) => c.label).join(','),
    ]);

    // Payments: the rows of the tests above (settled, failed, pending, refunded with its reason).
    const payments = paymentsResource;
    const paymentCounts: number[] = [];
    for (const query of [
      'gateway=test',
      'status=success',
      'status=refunded',
      `userId=${memberId}`,
      `q=${memberName}&sortBy=amount`,
      'sortBy=amount&sort=asc',
      'sortBy=oldest',
      `fromDate=${new Date().toISOString().slice(0, 10)}&status=failed`,
      'gateway=stripe',
    ]) {
      const list = await listAsCsv(payments, query);
      expect((await exported(payments.name, query)).body, query).toBe(list.csv);
      paymentCounts.push(list.count);
    }
    expect(paymentCounts.slice(0, 3).every((n) => n > 0)).toBe(true);
    expect(paymentCounts.at(-1)).toBe(0);
    expect((await exported(payments.name, 'status=refunded')).body).toContain(',refunded,Charged twice by mistake\r\n');
  });

  it('CSV export: every row, once each, in order, past one batch and past the old 20,000-row limit', async () => {
    const bulk = await createMember(h, { name: 'Bulk Buyer' });
    bulkId = bulk.id;
    // 25,000 spends in one statement; seven at each instant (so batches end inside a tie), a millisecond and a
    // microsecond apart (what a JS Date would round).
    await h.database.db.execute(sql`insert into token_transactions (user_id, type, target_id, target_info, total_price, status, created_at)
      select ${bulk.id}, 'video', null, jsonb_build_object('title', 'Bulk ' || i), 1 + i % 5, 'success',
        timestamptz '2022-06-01 12:00:00+00' + (i / 7) * interval '1001 microseconds'
      from generate_series(0, 24999) as i`);
    const t = tokenTransactions;
    const want = (await h.database.db.select({ id: t.id }).from(t).where(eq(t.userId, bulk.id)).orderBy(desc(t.createdAt), desc(t.id))).map((r) => r.id);
    expect(want).toHaveLength(25_000);

    const ids = await exportedIds(tokenTransactionsResource, `userId=${bulk.id}`);
    expect(firstDifference(ids, want)).toBe(-1);

    // No filter: every spend of the site, each once (the newest first).
    const all = await exportedIds(tokenTransactionsResource, '');
    const [{ n } = { n: 0 }] = await h.database.db.select({ n: sql<number>`count(*)::int` }).from(t);
    expect([all.length, new Set(all).size]).toEqual([n, n]);
    expect(all.indexOf(want[0]!)).toBeLessThan(all.indexOf(want.at(-1)!));
  });

  it('CSV export: each sort order the lists offer, across batches, ties broken by the id', async () => {
    const t = tokenTransactions;
    const spendOrders = {
      'sortBy=oldest': [asc(t.createdAt), asc(t.id)],
      'sort=asc': [asc(t.createdAt), asc(t.id)],
      'sortBy=price': [desc(t.totalPrice), desc(t.createdAt), desc(t.id)],
      'sortBy=price&sort=asc': [asc(t.totalPrice), asc(t.createdAt), asc(t.id)],
      'sortBy=newest&sort=desc': [desc(t.createdAt), desc(t.id)],
    };
    for (const [query, order] of Object.entries(spendOrders)) {
      const want = (
        await h.database.db
          .select({ id: t.id })
          .from(t)
          .where(eq(t.userId, bulkId))
          .orderBy(...order)
      ).map((r) => r.id);
      expect(firstDifference(await exportedIds(tokenTransactionsResource, `userId=${bulkId}&${query}`), want), query).toBe(-1);
    }

    // Payments: 6,000 of one member, seven at each instant, amounts repeating.
    const pkg = await newPackage({ name: 'Bulk Package', tokens: 10, price: 1 });
    await h.database.db
      .execute(sql`insert into payment_transactions (user_id, package_id, gateway, amount_minor, currency, tokens, status, provider_ref, created_at)
      select ${bulkId}, ${pkg._id}, 'test', 100 * (1 + i % 4), 'USD', 10, (array['success', 'failed', 'pending'])[1 + i % 3], 'bulk-' || i,
        timestamptz '2022-06-01 12:00:00+00' + (i / 7) * interval '1001 microseconds'
      from generate_series(0, 5999) as i`);
    const p = paymentTransactions;
    const paymentOrders = {
      '': [desc(p.createdAt), desc(p.id)],
      'sortBy=oldest': [asc(p.createdAt), asc(p.id)],
      'sortBy=amount': [desc(p.amountMinor), desc(p.createdAt), desc(p.id)],
      'sortBy=amount&sort=asc': [asc(p.amountMinor), asc(p.createdAt), asc(p.id)],
    };
    for (const [query, order] of Object.entries(paymentOrders)) {
      const want = (
        await h.database.db
          .select({ id: p.id })
          .from(p)
          .where(eq(p.userId, bulkId))
          .orderBy(...order)
      ).map((r) => r.id);
      expect(want).toHaveLength(6000);
      expect(firstDifference(await exportedIds(paymentsResource, `userId=${bulkId}&${query}`), want), query).toBe(-1);
    }
    const settled = await exportedIds(paymentsResource, `userId=${bulkId}&status=success&sortBy=amount`);
    expect(settled).toHaveLength(2000);
  });

  it('CSV export: a database failure after the first batch cuts the download short (a failed transfer, never a complete-looking file)', async () => {
    const db = h.database.db as { select: (...args: unknown[]) => unknown };
    const select = db.select;
    let reads = 0;
    // The export's second read (its queries select the cursor fields k0, k1, ...) fails as a lost connection would.
    db.select = function (this: unknown, ...args: unknown[]) {
      const fields = args[0] as Record<string, unknown> | undefined;
      if (fields && 'k0' in fields && ++reads === 2) throw new Error('Connection terminated unexpectedly');
      return select.apply(this, args);
    };
    try {
      const port = (h.app.server.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}/api/admin/token-transactions/export.csv?userId=${bulkId}`, { headers: { authorization: admin } });
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
      const reader = res.body!.getReader();
      let bytes = 0;
      const failure = await (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return null;
          bytes += value.length;
        }
      })().catch((err: Error) => err);
      expect(failure, 'the body ended as if complete').toBeInstanceOf(Error);
      expect(bytes).toBeGreaterThan(0);
      expect(reads).toBe(2);
    } finally {
      delete (db as { select?: unknown }).select;
    }
    expect(db.select).toBe(select);
  });
});
