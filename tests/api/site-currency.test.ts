import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { call } from '../helpers/commerce.ts';

/** Token packages follow the site's currency unless set otherwise (issue 35, part 8). */
describe("the site's currency and its token packages", () => {
  const h = useApi();
  let admin: string;
  beforeAll(async () => {
    admin = await login(h, (await createMember(h, { role: 'admin' })).username);
  });
  const pkg = (body: Record<string, unknown>) => call(h, 'POST', '/api/admin/token-packages', { token: admin, body: { tokens: 10, ...body } });
  const packages = async () =>
    Object.fromEntries(
      ((await call(h, 'GET', '/api/package/token/search?limit=50')).body.data.data as { name: string; price: number; currency: string }[]).map((p) => [
        p.name,
        `${p.price} ${p.currency}`,
      ]),
    );

  it('switched from USD to EUR: packages in USD follow with their amounts, one set in GBP stays, audited; a new package takes the site’s', async () => {
    expect((await pkg({ name: 'Site priced', price: 4.99 })).body.data.currency).toBe('USD');
    expect((await pkg({ name: 'Pound priced', price: 3.5, currency: 'GBP' })).status).toBe(200);

    const saved = await call(h, 'PATCH', '/api/admin/settings', { token: admin, body: { currency: 'EUR', currencySymbol: '€' } });
    expect(saved.status).toBe(200);
    const after = await packages();
    expect(after['Site priced']).toBe('4.99 EUR');
    expect(after['Pound priced']).toBe('3.5 GBP');
    const site = (await call(h, 'GET', '/api/admin/token-packages?q=Site', { token: admin })).body.data.data[0];
    const [entry] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'token-packages'), eq(auditLog.targetId, site._id), eq(auditLog.action, 'update')));
    expect([entry?.before, entry?.after]).toEqual([
      { name: 'Site priced', currency: 'USD', price: '$4.99' },
      { name: 'Site priced', currency: 'EUR', price: '€4.99' },
    ]);
    expect((await pkg({ name: 'Made after', price: 2 })).body.data.currency).toBe('EUR');

    // To a currency without decimals: the amount rounds (4.99 → ¥5), never to nothing.
    await call(h, 'PATCH', '/api/admin/settings', { token: admin, body: { currency: 'JPY' } });
    expect((await packages())['Site priced']).toBe('5 JPY');
  });
});
