import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember, login, queriesDuring, untilQuiet, useApi } from '../helpers/api.ts';

/** The dashboard on a database too big to count: whole tables estimated, recent rows capped, and said so. */
describe('the dashboard past its caps', () => {
  const h = useApi();

  it('shows "about" the members and "10,000+" new ones, in a fixed number of statements', async () => {
    const admin = await login(h, (await createMember(h, { role: 'admin' })).username);
    // 10,050 members more, all new this week (set-based), then the statistics PostgreSQL estimates from.
    await h.database.db.execute(sql`
      insert into users (email, username, name, password_hash)
      select 'bulk' || g || '@test.local', 'bulk' || g, 'Bulk ' || g, 'x' from generate_series(1, 10050) g`);
    await h.database.db.execute(sql`analyze users`);
    const dashboard = () => h.app.inject({ url: '/api/admin/dashboard', headers: { authorization: admin } });
    await dashboard();
    await untilQuiet();
    const { result, queries } = await queriesDuring(dashboard);
    expect(result.statusCode).toBe(200);
    const data = result.json().data;
    // The planner's estimate, rounded to three digits: about 10,100 (there are 10,051).
    expect(data.members.total).toBeGreaterThan(10_000);
    expect(data.members.total % 100).toBe(0);
    expect(data.members.newThisWeek).toBe(10_000);
    expect(data.approximate).toEqual({ members: 'about', newThisWeek: 'atLeast' });
    expect(data.unlocks).toEqual({ thisWeek: 0, total: 0 });
    // Session, 8 capped counts, the sales, the checkouts' discounts, and the estimates of all members and all unlocks
    // (test/api/query-counts.test.ts: at most 13).
    expect(queries.length).toBe(13);
  });
});
