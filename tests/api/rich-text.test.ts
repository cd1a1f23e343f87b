import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, login, useApi } from '../helpers/api.ts';
import { call, multipart } from '../helpers/commerce.ts';

/** Rich text (posts, stories): pictures uploaded for a text, and what the server keeps of what the editor writes. */
describe('rich text', () => {
  const h = useApi();
  let admin = '';
  let member = '';
  beforeAll(async () => {
    admin = await login(h, (await createMember(h, { role: 'admin' })).username);
    member = await login(h, (await createMember(h)).username);
  });

  async function upload(data: Buffer, token: string | null = admin) {
    const form = await multipart('photo.png', new Blob([new Uint8Array(data)]));
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/admin/uploads?purpose=text-image',
      headers: { ...(token ? { authorization: token } : {}), 'content-type': form.contentType },
      payload: form.payload,
    });
    return { status: res.statusCode, body: res.json() };
  }
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();

  it('stores a picture for a text at a public address anybody can load, no wider than 1600 px', async () => {
    const up = await upload(await picture(2400, 1200));
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ width: 1600, height: 800, mimeType: 'image/webp' });
    expect(up.body.data.url).toMatch(/^\/media\/public\/text\/[0-9a-f-]+\.webp$/);
    expect(up.body.data.ref).toBe(up.body.data.url);
    const file = await h.app.inject({ method: 'GET', url: up.body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
  });

  it('refuses what is not a picture, and anybody but an admin', async () => {
    const bad = await upload(Buffer.from('not a picture'));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400, error: 'NOT_AN_IMAGE' });
    expect((await upload(await picture(10, 10), member)).status).toBe(403);
    expect((await upload(await picture(10, 10), null)).status).toBe(401);
  });

  it('keeps the pictures and cards the editor writes in a post, and drops pictures from elsewhere', async () => {
    const { url } = (await upload(await picture(800, 400))).body.data;
    const content = [
      '<h2>Inside</h2>',
      `<figure><img src="${url}" alt="The hall" width="800" height="400" /><figcaption>The hall</figcaption></figure>`,
      '<figure><img src="http://plain.example/a.png" alt="x" /></figure>',
      '<figure data-embed="video" data-slug="night-shift" onclick="x()"><a href="/videos/night-shift">Night shift</a></figure>',
    ].join('');
    const created = await call(h, 'POST', '/api/admin/posts', { token: admin, body: { title: 'With pictures', type: 'post', content, status: 'active' } });
    expect(created.status).toBe(200);
    const post = await call(h, 'GET', `/api/posts/${created.body.data.slug}`, {});
    expect(post.body.data.content).toBe(
      [
        '<h2>Inside</h2>',
        `<figure><img src="${url}" alt="The hall" width="800" height="400" /><figcaption>The hall</figcaption></figure>`,
        '<figure></figure>',
        '<figure data-embed="video" data-slug="night-shift"><a href="/videos/night-shift" rel="nofollow noopener">Night shift</a></figure>',
      ].join(''),
    );
  });

  it('previews a text as a save would keep it, for admins only, keeping nothing', async () => {
    const content =
      '<h2 onclick="x()">Soon</h2><script>alert(1)</script><figure data-embed="gallery" data-slug="harbour"><a href="/galleries/harbour">Harbour</a></figure>';
    const seen = await call(h, 'POST', '/api/admin/rich-text/preview', { token: admin, body: { content } });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual({
      content: '<h2>Soon</h2><figure data-embed="gallery" data-slug="harbour"><a href="/galleries/harbour" rel="nofollow noopener">Harbour</a></figure>',
    });
    expect((await call(h, 'POST', '/api/admin/rich-text/preview', { token: member, body: { content } })).status).toBe(403);
    expect((await call(h, 'POST', '/api/admin/rich-text/preview', { body: { content } })).status).toBe(401);
    const long = await call(h, 'POST', '/api/admin/rich-text/preview', { token: admin, body: { content: 'x'.repeat(100_001) } });
    expect(long.status).toBe(400);
  });
});
