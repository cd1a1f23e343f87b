import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, DEMO_ADMIN_PASSWORD, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { call, idOf, multipart } from '../helpers/commerce.ts';

describe('order files: the upload limit', () => {
  const h = useApi({ UPLOAD_LIMIT_MB: '1' });
  let orderId: string;
  let admin: string;
  let buyer: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    buyer = await login(h, (await createMember(h, { tokens: 100 })).username);
    admin = await login(h, 'admin', DEMO_ADMIN_PASSWORD);
    const mug = await idOf(h, 'product', 'tessera-enamel-mug');
    const res = await call(h, 'POST', '/api/token-transactions/products', {
      token: buyer,
      body: {
        products: [{ _id: mug, quantity: 1 }],
        recipientName: 'Ola Nordmann',
        deliveryAddress: '1 Main Street, Oslo',
        postalCode: '0150',
        country: 'NO',
        phoneNumber: '+47 22 00 00 00',
      },
    });
    orderId = res.body.data.orders[0]._id;
  });

  it('refuses a file over UPLOAD_LIMIT_MB with 413 and stores nothing', async () => {
    const { payload, contentType } = await multipart('big.bin', new Blob([new Uint8Array(1024 * 1024 + 10)]));
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/files`,
      headers: { authorization: admin, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, error: 'PAYLOAD_TOO_LARGE' });
    expect((await call(h, 'GET', `/api/orders/${orderId}/files-info`, { token: buyer })).body.data).toEqual([]);
  });

  it('refuses an empty file and an upload to an unknown order', async () => {
    const empty = await multipart('empty.txt', new Blob([]));
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: `/api/orders/${orderId}/files`,
          headers: { authorization: admin, 'content-type': empty.contentType },
          payload: empty.payload,
        })
      ).statusCode,
    ).toBe(400);
    const small = await multipart('note.txt', new Blob(['hello']));
    const unknown = await h.app.inject({
      method: 'POST',
      url: '/api/orders/00000000-0000-4000-8000-000000000000/files',
      headers: { authorization: admin, 'content-type': small.contentType },
      payload: small.payload,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
