import { eq } from 'drizzle-orm';
import { galleries, products, stories, tokenPackages, videos } from '../../src/server/db/schema.ts';
import { LedgerService } from '../../src/server/modules/ledger/ledger.service.ts';
import type { ApiHarness } from './api.ts';

const TABLES = { video: videos, gallery: galleries, story: stories, product: products } as const;

export async function idOf(h: ApiHarness, kind: keyof typeof TABLES, slug: string): Promise<string> {
  const table = TABLES[kind];
  const [row] = await h.database.db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
  if (!row) throw new Error(`no ${kind} ${slug}`);
  return row.id;
}

/** A JSON call through inject: status and parsed body. */
export async function call(
  h: ApiHarness,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await h.app.inject({
    method,
    url,
    headers: { ...(opts.token ? { authorization: opts.token } : {}), ...opts.headers },
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null, headers: res.headers };
}

/** A multipart/form-data body with text fields and (unless `name` is null) one file in the field `file`, for inject(). */
export async function multipart(
  name: string | null,
  body: Blob | null,
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (name !== null && body) form.append('file', body, name);
  const req = new Request('http://x', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

export async function balanceOf(h: ApiHarness, token: string): Promise<number> {
  return (await call(h, 'GET', '/api/users/me', { token })).body.data.balance;
}

/** The member of `token` buys the demo mug, shipped to `recipient` at an address in Tromsø (the checkout's answer). */
export function buyShippedMug(h: ApiHarness, token: string, recipient: string) {
  return idOf(h, 'product', 'tessera-enamel-mug').then((mug) =>
    call(h, 'POST', '/api/token-transactions/products', {
      token,
      body: {
        products: [{ _id: mug, quantity: 1 }],
        recipientName: recipient,
        deliveryAddress: '7 Lantern Lane\nTromsø',
        postalCode: '9008',
        country: 'NO',
        phoneNumber: '+47 123',
      },
    }),
  );
}

/** The ledger check the CLI runs: [] when the books are clean. */
export const ledgerProblems = (h: ApiHarness) => new LedgerService(h.database.db, () => {}).check();

export async function firstPackage(h: ApiHarness) {
  const [pkg] = await h.database.db.select().from(tokenPackages).where(eq(tokenPackages.isActive, true)).orderBy(tokenPackages.ordering).limit(1);
  return pkg!;
}
