import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client.ts';
import {
  auditLog,
  banners,
  categories,
  comments,
  entitlements,
  galleries,
  hiddenTargets,
  orders,
  paymentTransactions,
  posts,
  products,
  reactions,
  stories,
  tokenPackages,
  tokenLedger,
  tokenTransactions,
  users,
  videos,
  violationReports,
  coupons,
} from '../../src/server/db/schema.ts';
import { referenceLists } from '../../src/server/modules/reference/reference-lists.ts';
import { ADMIN_RESOURCES } from '../../src/shared/admin/resources/index.ts';
import { createMember, login, queriesDuring, untilQuiet, useApi } from '../helpers/api.ts';

/**
 * The SQL statements a list request runs do not grow with its rows: every list is asked for a page of a few rows,
 * then, after many rows were added to every table (set-based SQL), for a page of 25; both must run the same number of
 * statements, at most the endpoint's bound below. A query per row (N+1) shows as a difference of about 20 statements.
 */
describe('the queries of a list', () => {
  const h = useApi();
  const tokens = { admin: '', member: '' };
  const ids = { member: '', video: '', category: '' };
  /** The copies of each seeded row the second round adds (more than a page of 25 everywhere). */
  const COPIES = 40;

  /**
   * The most statements each list may run, whatever its rows. A member's or the back office's request first reads its
   * session (1); a list page is then its rows (1) and its count ahead (1, db/lists.ts: only when the page is full, as
   * in both rounds here), and what its rows show is read for all of them at once (one query per kind of thing).
   */
  const BOUNDS: Record<string, number> = {
    // Session, rows, count ahead.
    'admin videos': 3,
    'admin galleries': 3,
    'admin stories': 3,
    'admin posts': 3,
    'admin products': 3,
    'admin banners': 3,
    'admin orders': 3,
    'admin members': 3,
    'admin token-packages': 3, // the payments per package are a capped subquery of the rows' query
    'admin coupons': 3,
    'admin payments': 3,
    'admin token-transactions': 3,
    'admin audit': 3,
    // Session, rows, count ahead, the spends and the payments the entries refer to (one query each).
    'admin balance-changes': 5,
    // Session, the category tree (one recursive query), its exact total (categories are few).
    'admin categories': 3,
    // Session, rows, count ahead, the reported comments with their authors, the comments they answer (one query per
    // level, 2 at most: 1 here), the reported items (one query per kind: 5), the hidden ones.
    'admin reports': 12,
    // Session only: the list is the country gate's copy in memory.
    'admin blocked-countries': 1,
    // Session, 8 capped counts, the period's sales and its checkouts' discounts (11); past a cap, PostgreSQL's estimate
    // of the two whole-table figures (+2).
    'admin dashboard': 13,
    // Rows, count ahead; a member's session first, and their own state (unlocked, reactions) in the rows' query.
    'videos search': 2,
    'galleries search': 2,
    'stories search': 2,
    'posts search': 2,
    'products search': 2,
    // The category and the categories under it (one recursive query), rows, count ahead.
    'videos of a category': 3,
    'videos search (member)': 3,
    'galleries search (member)': 3,
    'stories search (member)': 3,
    'posts search (member)': 3,
    'products search (member)': 3,
    // The thread's counter (its total), the rows with their authors; a member's session first.
    comments: 2,
    'comments (member)': 3,
    // One capped count per kind.
    'search total': 5,
    // Session, rows, count ahead.
    'my token spends': 3,
    'my payments': 3,
    // Session, rows, count ahead, the spends and the payments the entries refer to.
    'my balance changes': 5,
    'my orders': 3,
    // Session, the page's ids, count ahead, the items (one query).
    'my purchases': 4,
    'my reactions': 4,
  };

  type Who = keyof typeof tokens | null;
  interface Endpoint {
    url: (limit: number) => string;
    as: Who;
    /** The page size of the first round: below the rows seeded, so that the page is full (and counted) in both rounds. */
    few?: number;
  }
  const adminList = (name: string, query = ''): Endpoint => ({ url: (limit) => `/api/admin/${name}?limit=${limit}${query}`, as: 'admin' });
  const ENDPOINTS: Record<string, Endpoint> = {
    ...Object.fromEntries(ADMIN_RESOURCES.map((r) => [`admin ${r.name}`, adminList(r.name)])),
    // Newest first, so that the page of 25 holds reports of every kind (items, comments, replies, replies of replies).
    'admin reports': { ...adminList('reports', '&status=all&sortBy=newest'), few: 8 },
    'admin dashboard': { url: () => '/api/admin/dashboard', as: 'admin' },
    'admin audit': { url: (limit) => `/api/admin/audit?limit=${limit}`, as: 'admin' },
    'videos search': { url: (limit) => `/api/assets/videos/search?limit=${limit}`, as: null },
    'galleries search': { url: (limit) => `/api/assets/galleries/search?limit=${limit}`, as: null },
    'stories search': { url: (limit) => `/api/stories/search?limit=${limit}`, as: null },
    'posts search': { url: (limit) => `/api/posts/search?limit=${limit}`, as: null },
    'products search': { url: (limit) => `/api/assets/products/search?limit=${limit}`, as: null },
    'videos of a category': { url: (limit) => `/api/assets/videos/search?categoryId=${ids.category}&limit=${limit}`, as: null },
    'videos search (member)': { url: (limit) => `/api/assets/videos/search?limit=${limit}`, as: 'member' },
    'galleries search (member)': { url: (limit) => `/api/assets/galleries/search?limit=${limit}`, as: 'member' },
    'stories search (member)': { url: (limit) => `/api/stories/search?limit=${limit}`, as: 'member' },
    'posts search (member)': { url: (limit) => `/api/posts/search?limit=${limit}`, as: 'member' },
    'products search (member)': { url: (limit) => `/api/assets/products/search?limit=${limit}`, as: 'member' },
    comments: { url: (limit) => `/api/comments/search?objectType=video&objectId=${ids.video}&limit=${limit}`, as: null },
    'comments (member)': { url: (limit) => `/api/comments/search?objectType=video&objectId=${ids.video}&limit=${limit}`, as: 'member' },
    'search total': { url: () => '/api/search/total?q=lantern', as: null },
    'my token spends': { url: (limit) => `/api/token-transactions/user/search?limit=${limit}`, as: 'member' },
    'my payments': { url: (limit) => `/api/payment/transactions?limit=${limit}`, as: 'member' },
    'my balance changes': { url: (limit) => `/api/users/me/balance-changes?limit=${limit}`, as: 'member' },
    'my purchases': { url: (limit) => `/api/assets/my-purchase?type=video&limit=${limit}`, as: 'member' },
    'my orders': { url: (limit) => `/api/orders/users/search?limit=${limit}`, as: 'member' },
    'my reactions': { url: (limit) => `/api/reactions/videos?limit=${limit}`, as: 'member' },
  };

  /** The statements one request runs (once warmed up: a first call may fill caches), and its answer. */
  const count = async (name: string, limit: number) => {
    const e = ENDPOINTS[name]!;
    const request = () => h.app.inject({ url: e.url(limit), headers: e.as ? { authorization: tokens[e.as] } : {} });
    const first = await request();
    expect(first.statusCode, `${name}: ${first.body}`).toBe(200);
    const { result, queries } = await queriesDuring(async () => {
      const res = await request();
      // Anything the request left running (a view counted after the answer …) is its cost too.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return res;
    });
    const data = result.json().data;
    return { n: queries.length, queries, rows: Array.isArray(data?.data) ? (data.data.length as number) : null };
  };

  const img = { key: 'images/q.webp', width: 8, height: 8, mimeType: 'image/webp', size: 1, variants: [], previewKey: 'images/q-blur.webp' };
  const file = { key: 'videos/q.mp4', name: 'q.mp4', mimeType: 'video/mp4', size: 1 };

  beforeAll(async () => {
    const { db } = h.database;
    const admin = await createMember(h, { role: 'admin', username: 'qcadmin' });
    const member = await createMember(h, { username: 'qcmember' });
    const others = [await createMember(h, { username: 'qcother1' }), await createMember(h, { username: 'qcother2' })];
    tokens.admin = await login(h, admin.username);
    tokens.member = await login(h, member.username);
    ids.member = member.id;

    const cats = await db
      .insert(categories)
      .values([1, 2, 3].map((i) => ({ group: 'video' as const, name: `Cat ${i}`, slug: `qc-cat-${i}` })))
      .returning();
    const three = [1, 2, 3];
    const vids = await db
      .insert(videos)
      .values(
        three.map((i) => ({
          slug: `qc-video-${i}`,
          title: `Lantern video ${i}`,
          video: file,
          thumbnail: img,
          categoryIds: [cats[0]!.id],
          isSale: i > 1,
          price: 10 * i,
        })),
      )
      .returning();
    ids.video = vids[0]!.id;
    ids.category = cats[0]!.id;
    const gals = await db
      .insert(galleries)
      .values(three.map((i) => ({ slug: `qc-gallery-${i}`, title: `Lantern gallery ${i}`, cover: img, isSale: i > 1, price: 5 })))
      .returning();
    const stos = await db
      .insert(stories)
      .values(three.map((i) => ({ slug: `qc-story-${i}`, title: `Lantern story ${i}`, content: '<p>x</p>', cover: img, isSale: i > 1, price: 5 })))
      .returning();
    const psts = await db
      .insert(posts)
      .values(three.map((i) => ({ slug: `qc-post-${i}`, title: `Lantern post ${i}`, type: 'post' as const, content: '<p>x</p>', image: img })))
      .returning();
    const prods = await db
      .insert(products)
      .values(
        three.map((i) => ({
          slug: `qc-product-${i}`,
          name: `Lantern product ${i}`,
          type: i > 1 ? ('physical' as const) : ('digital' as const),
          price: 15,
          stock: 9,
          images: [img],
        })),
      )
      .returning();
    await db.insert(banners).values(three.map((i) => ({ title: `Banner ${i}`, photo: img })));
    await db.insert(coupons).values(three.map((i) => ({ code: `QC-${i}`, kind: 'percent' as const, amount: 10, appliesTo: 'tokens' as const })));
    const [pkg] = await db
      .insert(tokenPackages)
      .values(three.map((i) => ({ name: `Pack ${i}`, tokens: 100 * i, priceMinor: 999 * i, currency: 'USD' })))
      .returning();
    const payments = await db
      .insert(paymentTransactions)
      .values(
        three.map((i) => ({
          userId: member.id,
          packageId: pkg!.id,
          gateway: 'test' as const,
          amountMinor: 999,
          currency: 'USD',
          tokens: 100,
          status: i > 1 ? ('success' as const) : ('pending' as const),
          settledAt: i > 1 ? new Date() : null,
        })),
      )
      .returning();
    const spends = await db
      .insert(tokenTransactions)
      .values([
        ...vids.map((v) => ({ userId: member.id, type: 'video' as const, targetId: v.id, targetInfo: { title: v.title, slug: v.slug }, totalPrice: 10 })),
        {
          userId: member.id,
          type: 'product' as const,
          totalPrice: 30,
          products: prods.slice(1).map((p) => ({ productId: p.id, name: p.name, quantity: 1, price: 15 })),
        },
      ])
      .returning();
    const checkout = spends.at(-1)!;
    // The member's balance changes, newest first: a settled payment's credit and a spend's debit in turn (so that a
    // page of two refers to both kinds), then the site's adjustments.
    const credits = payments.filter((p) => p.status === 'success');
    const refs = spends.flatMap((t, i) => [
      ...(credits[i] ? [{ delta: 100, reason: 'token package purchase', refType: 'payment', refId: credits[i]!.id }] : []),
      { delta: -t.totalPrice, reason: 'unlock', refType: 'token_transaction', refId: t.id },
    ]);
    const adjustments = Array.from({ length: 25 }, () => ({ delta: 5, reason: 'support', refType: 'adjustment', refId: null }));
    await db
      .insert(tokenLedger)
      .values([...refs, ...adjustments].map((e, i) => ({ ...e, userId: member.id, balanceAfter: 500, createdAt: new Date(Date.now() - i * 1000) })));
    await db.insert(orders).values(
      prods.map((p, i) => ({
        orderNumber: `QC000${i}`,
        tokenTransactionId: checkout.id,
        buyerId: member.id,
        productId: p.id,
        productInfo: { name: p.name, slug: p.slug },
        productType: p.type,
        quantity: 1,
        unitPrice: 15,
        totalPrice: 15,
        deliveryStatus: 'processing' as const,
      })),
    );
    await db.insert(entitlements).values(vids.map((v) => ({ userId: member.id, itemType: 'video' as const, itemId: v.id })));
    await db.insert(reactions).values(vids.map((v) => ({ userId: member.id, objectType: 'video' as const, objectId: v.id, action: 'like' as const })));
    const [top] = await db
      .insert(comments)
      .values([member, ...others].map((u, i) => ({ objectType: 'video' as const, objectId: vids[0]!.id, userId: u.id, content: `Comment ${i}` })))
      .returning();
    const [onPost] = await db.insert(comments).values({ objectType: 'post', objectId: psts[0]!.id, userId: others[0]!.id, content: 'On a post' }).returning();
    const [reply] = await db.insert(comments).values({ objectType: 'comment', objectId: onPost!.id, userId: others[1]!.id, content: 'A reply' }).returning();
    const [replyOfReply] = await db
      .insert(comments)
      .values({ objectType: 'comment', objectId: reply!.id, userId: member.id, content: 'A reply to it' })
      .returning();
    // A report of every kind, the newest eight (the first round's page) last; one older report fills the page.
    const targets = [
      ['video', crypto.randomUUID()],
      ['video', vids[1]!.id],
      ['gallery', gals[0]!.id],
      ['story', stos[0]!.id],
      ['post', psts[0]!.id],
      ['product', prods[0]!.id],
      ['comment', top!.id],
      ['comment', reply!.id],
      ['comment', replyOfReply!.id],
    ] as const;
    const now = Date.now();
    await db.insert(violationReports).values(
      targets.map(([targetType, targetId], i) => ({
        userId: member.id,
        type: 'spam',
        targetType,
        targetId,
        createdAt: new Date(now - (targets.length - i) * 1000),
      })),
    );
    await db.insert(hiddenTargets).values({ targetType: 'video', targetId: vids[1]!.id, reason: 'operator' });
    await db
      .insert(auditLog)
      .values(three.map((i) => ({ actorId: admin.id, actorName: admin.username, resource: 'videos', targetId: vids[0]!.id, action: `update${i}` })));
  });

  /**
   * Copies the rows of `table` that match `where` COPIES times in one statement: every column as it is but `set`'s
   * (SQL of `g`, the copy's number, and `t`, the row copied) and a new id; copies are newer than what they copy.
   */
  async function copy(table: string, where: string, set: Record<string, string> = {}) {
    const { db } = h.database;
    const columns = (
      await rowsOf<{ name: string }>(
        db,
        sql`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER' and column_name <> 'id' order by ordinal_position`,
      )
    ).map((c) => c.name);
    const dated = columns.includes('created_at') ? { created_at: `t.created_at + g * interval '1 second'`, ...set } : set;
    const values = columns.map((c) => dated[c] ?? `t."${c}"`);
    await db.execute(
      sql.raw(
        `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) select ${values.join(', ')} from "${table}" t, generate_series(1, ${COPIES}) g where ${where}`,
      ),
    );
  }

  /** Blocks countries through the back office (the country gate keeps its list in memory). */
  const block = async (codes: string[]) => {
    for (const code of codes) {
      const res = await h.app.inject({ method: 'POST', url: '/api/admin/blocked-countries', headers: { authorization: tokens.admin }, payload: { code } });
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  const countryCodes = referenceLists().countries.map((c) => c.code);

  /** Many rows in every list: COPIES copies of each seeded row (members, items, money, reports …). */
  async function addMany() {
    const { db } = h.database;
    await block(countryCodes.slice(3, 3 + COPIES));
    const suffix = (column: string) => `t."${column}" || '-' || g`;
    await copy('users', `t.username like 'qcother%'`, { email: `g || '-' || t.email`, username: suffix('username') });
    for (const table of ['videos', 'galleries', 'stories', 'posts', 'products']) await copy(table, 'true', { slug: suffix('slug') });
    await copy('categories', 'true', { slug: suffix('slug') });
    await copy('banners', 'true');
    await copy('token_packages', 'true');
    await copy('coupons', 'true', { code: suffix('code') });
    await copy('payment_transactions', 'true');
    await copy('token_transactions', 'true');
    await copy('orders', 'true', { order_number: suffix('order_number') });
    await copy('audit_log', 'true');
    await copy('comments', `t.object_type = 'video'`);
    // The same reports, each by another member (one pending report per member and target); the copies of one round
    // are all as new, so that the newest 25 hold every report's copy of the last two rounds: every kind.
    await copy('violation_reports', 'true', {
      user_id: `(select u.id from users u where u.username = 'qcother1-' || g)`,
      created_at: `now() + g * interval '1 second'`,
    });
    await db.execute(sql`insert into entitlements (user_id, item_type, item_id) select ${ids.member}, 'video', id from videos on conflict do nothing`);
    await db.execute(
      sql`insert into reactions (user_id, object_type, object_id, action) select ${ids.member}, 'video', id, 'like' from videos on conflict do nothing`,
    );
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.status, 'active'));
    expect(row!.n).toBeGreaterThan(COPIES);
  }

  it('is the same for a page of a few rows and a page of 25, and at most its bound', async () => {
    const names = Object.keys(ENDPOINTS);
    await block(countryCodes.slice(0, 3));
    await untilQuiet();
    const few: Record<string, Awaited<ReturnType<typeof count>>> = {};
    for (const name of names) few[name] = await count(name, ENDPOINTS[name]!.few ?? 2);
    await addMany();
    await untilQuiet();
    const lines: string[] = [];
    const problems: string[] = [];
    for (const name of names) {
      const many = await count(name, 25);
      const bound = BOUNDS[name];
      lines.push(
        `${name.padEnd(28)} few ${String(few[name]!.n).padStart(3)} (${few[name]!.rows} rows)  many ${String(many.n).padStart(3)} (${many.rows} rows)  bound ${bound}`,
      );
      if (many.n !== few[name]!.n) problems.push(`${name}: ${few[name]!.n} statements for ${few[name]!.rows} rows, ${many.n} for ${many.rows}`);
      if (bound === undefined || many.n > bound) problems.push(`${name}: ${many.n} statements, bound ${bound}`);
      // Both rounds showed a full page: the first its few rows, the second 25.
      if (many.rows !== null && (many.rows !== 25 || few[name]!.rows !== (ENDPOINTS[name]!.few ?? 2))) {
        problems.push(`${name}: pages of ${few[name]!.rows} and ${many.rows} rows`);
      }
      // QUERY_COUNTS_SQL=1: the statements of both rounds in the failure's message.
      if (process.env.QUERY_COUNTS_SQL) lines.push(...few[name]!.queries.map((q) => `  few:  ${q}`), ...many.queries.map((q) => `  many: ${q}`));
    }
    expect(problems, lines.join('\n')).toEqual([]);
  });
});
