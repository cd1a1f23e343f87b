import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from '../helpers/api.ts';
import { getJson, seedCatalogue } from '../helpers/catalogue.ts';

const US = '8.8.8.8';
const GB = '81.2.69.142';

describe('the country block covers the API', () => {
  const h = useApi({ TRUSTED_COUNTRY_HEADER: '' });
  let video: { _id: string; slug: string; thumbnail: { url: string } };
  beforeAll(async () => {
    await seedCatalogue(h);
    [video] = (await getJson(h, '/api/assets/videos/search?limit=1')).data;
    await h.app.services.countryBlock.block('US');
  });
  const from = (remoteAddress: string, url: string) => h.app.inject({ url, remoteAddress });

  it('answers 451 with the contract body to the catalogue, search and media for a blocked country', async () => {
    const content = [
      '/api/assets/videos/search',
      `/api/assets/videos/${video.slug}`,
      '/api/assets/galleries/search',
      '/api/stories/search',
      '/api/posts/search',
      '/api/assets/products/search',
      '/api/site-promo/search',
      '/api/assets/categories/search',
      '/api/search/total?q=glass',
      video.thumbnail.url,
      `/share/video/${video._id}.jpg`,
    ];
    for (const url of content) {
      const blocked = await from(US, url);
      expect(blocked.statusCode, url).toBe(451);
      expect(blocked.json(), url).toEqual({ statusCode: 451, error: 'COUNTRY_BLOCKED', message: 'This site is not available in your country.' });
      expect((await from(GB, url)).statusCode, url).toBe(200);
    }
  });

  it('keeps open what the blocked page itself needs, and the payment providers', async () => {
    expect((await from(US, '/api/country-block/check')).json().data).toEqual({ blocked: true, country: 'US' });
    expect((await from(US, '/api/settings/public')).statusCode).toBe(200);
    // A provider's webhook is judged by its signature, wherever it comes from.
    const hook = await h.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/test',
      remoteAddress: US,
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(hook.statusCode).toBe(400);
  });
});
