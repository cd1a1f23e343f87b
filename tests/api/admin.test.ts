import { describe, expect, it } from 'vitest';
import { posts } from '../../src/server/db/schema.ts';
import { eq } from 'drizzle-orm';
import { createMember, expectEvery, login, useApi } from '../helpers/api.ts';

describe('the back office API', () => {
  const h = useApi();
  let admin = '';
  let member = '';
  const as = (token: string | null, method: string, url: string, payload?: unknown) =>
    h.app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: token } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('refuses every /api/admin operation to visitors (401) and members (403), walking the OpenAPI document', async () => {
    const a = await createMember(h, { role: 'admin' });
    const m = await createMember(h);
    [admin, member] = [await login(h, a.username), await login(h, m.username)];
    const paths = (h.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const operations = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => [method.toUpperCase(), path.replace('{id}', '00000000-0000-4000-8000-000000000000')] as const),
      );
    expect(operations.length).toBeGreaterThanOrEqual(7);
    for (const [method, url] of operations) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const anonymous = await as(null, method, url, body);
      expect([anonymous.statusCode, anonymous.json().error], `${method} ${url}`).toEqual([401, 'UNAUTHORIZED']);
      const asMember = await as(member, method, url, body);
      expect([asMember.statusCode, asMember.json().error], `${method} ${url}`).toEqual([403, 'FORBIDDEN']);
    }
  });

  it('CSRF: the session cookie alone opens nothing; a write needs the token in its Authorization header', async () => {
    const token = await login(h, (await createMember(h, { role: 'admin' })).username);
    const cookieOnly = (method: string, url: string, payload?: object) =>
      h.app.inject({ method: method as 'POST', url, headers: { cookie: `token=${encodeURIComponent(token)}` }, ...(payload ? { payload } : {}) });
    const made = await cookieOnly('POST', '/api/admin/categories', { name: 'Forged', group: 'post' });
    expect([made.statusCode, made.json().error]).toEqual([401, 'UNAUTHORIZED']);
    const settings = await cookieOnly('PATCH', '/api/admin/settings', { siteName: 'Forged' });
    expect(settings.statusCode).toBe(401);
    const found = await as(token, 'GET', '/api/admin/categories?q=Forged');
    expect(found.json().data.total).toBe(0);
    expect((await h.app.inject({ url: '/api/settings/public' })).json().data.siteName).not.toBe('Forged');
  });

  it('categories: create, find, change and delete, each written to the audit log with before and after', async () => {
    const created = await as(admin, 'POST', '/api/admin/categories', { name: 'Night Skies', group: 'video', description: 'After dark.' });
    expect(created.statusCode).toBe(200);
    const category = created.json().data;
    expect(category).toMatchObject({ name: 'Night Skies', group: 'video', slug: 'night-skies', ordering: 0 });
    // The public list has it at once.
    const pub = await h.app.inject({ url: '/api/assets/categories/search?group=video&limit=50' });
    expect(pub.json().data.data.map((c: { slug: string }) => c.slug)).toContain('night-skies');

    const found = await as(admin, 'GET', '/api/admin/categories?q=night&group=video&sortBy=name');
    expect(found.json().data).toMatchObject({ total: 1, data: [{ _id: category._id }] });
    const changed = await as(admin, 'PATCH', `/api/admin/categories/${category._id}`, { ordering: 3, description: 'Stars.' });
    expect(changed.json().data).toMatchObject({ name: 'Night Skies', ordering: 3, description: 'Stars.' });

    // An item in the category keeps its other categories when this one goes.
    const other = (await as(admin, 'POST', '/api/admin/categories', { name: 'Oceans', group: 'video' })).json().data;
    const [post] = await h.database.db
      .insert(posts)
      .values({ slug: 'p-admin-test', title: 'P', categoryIds: [category._id, other._id] })
      .returning();
    expect((await as(admin, 'DELETE', `/api/admin/categories/${category._id}`)).statusCode).toBe(200);
    expect((await as(admin, 'GET', `/api/admin/categories/${category._id}`)).statusCode).toBe(404);
    const [after] = await h.database.db.select({ ids: posts.categoryIds }).from(posts).where(eq(posts.id, post!.id));
    expect(after!.ids).toEqual([other._id]);

    const log = (await as(admin, 'GET', `/api/admin/audit?resource=categories&targetId=${category._id}`)).json().data;
    expect(log.data.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    const [deleted, update, create] = log.data;
    expect(create).toMatchObject({ before: null, after: { name: 'Night Skies' } });
    expect(update).toMatchObject({ before: { ordering: 0, description: 'After dark.' }, after: { ordering: 3, description: 'Stars.' } });
    expect(deleted).toMatchObject({ before: { _id: category._id }, after: null });
    expectEvery(log.data, (e: { actor: { username: string } }) => e.actor.username.length > 0);
  });

  it('refuses bad input at the fields and saves nothing; a taken address is a 409', async () => {
    const before = (await as(admin, 'GET', '/api/admin/categories?limit=200')).json().data.total;
    const bad = await as(admin, 'POST', '/api/admin/categories', { name: '', group: 'music', slug: 'Not A Slug', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['extra', 'group', 'name', 'slug']);
    await as(admin, 'POST', '/api/admin/categories', { name: 'Rivers', group: 'gallery' });
    const twice = await as(admin, 'POST', '/api/admin/categories', { name: 'Rivers!', group: 'video', slug: 'rivers' });
    expect([twice.statusCode, twice.json().error]).toEqual([409, 'CONFLICT']);
    expect((await as(admin, 'GET', '/api/admin/categories?limit=200')).json().data.total).toBe(before + 1);
  });

  it('deletes many at once, saying which went and which did not', async () => {
    const a = (await as(admin, 'POST', '/api/admin/categories', { name: 'Bulk A', group: 'post' })).json().data;
    const b = (await as(admin, 'POST', '/api/admin/categories', { name: 'Bulk B', group: 'post' })).json().data;
    const missing = '00000000-0000-4000-8000-000000000001';
    const res = await as(admin, 'POST', '/api/admin/categories/bulk', { action: 'delete', ids: [a._id, b._id, missing] });
    expect(res.json().data).toEqual({ done: [a._id, b._id], failed: [{ _id: missing, message: 'No such category.' }] });
    const publish = await as(admin, 'POST', '/api/admin/categories/bulk', { action: 'publish', ids: [a._id] });
    expect(publish.statusCode).toBe(400);
  });

  it('categories form a tree: a parent of the same group, no loops; a parent lists the items under it; deleting one moves its children up', async () => {
    const token = await login(h, (await createMember(h, { role: 'admin' })).username);
    const make = async (body: object) => (await as(token, 'POST', '/api/admin/categories', body)).json().data;
    const travel = await make({ name: 'Travel', group: 'post', ordering: 2 });
    const europe = await make({ name: 'Europe', group: 'post', parentId: travel._id });
    const alps = await make({ name: 'Alps', group: 'post', parentId: europe._id });
    await make({ name: 'Food', group: 'post', ordering: 1 });
    expect(alps.parentId).toBe(europe._id);

    // Tree order: each parent then what is under it, siblings by their order.
    const tree = async () =>
      (await as(token, 'GET', '/api/admin/categories?group=post&limit=50'))
        .json()
        .data.data.filter((c: { name: string }) => ['Travel', 'Europe', 'Alps', 'Food'].includes(c.name));
    expect((await tree()).map((c: { fullName: string; under: string }) => [c.fullName, c.under])).toEqual([
      ['Posts › Food', ''],
      ['Posts › Travel', ''],
      ['Posts › Travel › Europe', 'Travel'],
      ['Posts › Travel › Europe › Alps', 'Travel › Europe'],
    ]);

    // Refused, and nothing changed: a loop, another group's parent, an unknown parent.
    const loop = await as(token, 'PATCH', `/api/admin/categories/${travel._id}`, { parentId: alps._id });
    expect([loop.statusCode, loop.json().fields]).toEqual([400, { parentId: 'A category cannot be under itself or one of its own.' }]);
    const other = await make({ name: 'Clips', group: 'video' });
    const wrongGroup = await as(token, 'PATCH', `/api/admin/categories/${europe._id}`, { parentId: other._id });
    expect(wrongGroup.json().fields).toEqual({ parentId: 'Choose a category shown with posts.' });
    const unknown = await as(token, 'POST', '/api/admin/categories', { name: 'Lost', group: 'post', parentId: '00000000-0000-4000-8000-000000000009' });
    expect(unknown.json().fields).toEqual({ parentId: 'No such category.' });
    expect((await as(token, 'GET', `/api/admin/categories/${travel._id}`)).json().data.parentId).toBeNull();

    // The public side: a post in Alps is listed on Travel's page too; the category list says who is under whom.
    const post = (
      await as(token, 'POST', '/api/admin/posts', { title: 'Cable cars', type: 'post', content: '<p>Up.</p>', categoryIds: [alps._id], status: 'active' })
    ).json().data;
    const inTravel = (await h.app.inject({ url: `/api/posts/search?categoryId=${travel._id}` })).json().data.data;
    expect(inTravel.map((p: { _id: string }) => p._id)).toEqual([post._id]);
    const publicAlps = (await h.app.inject({ url: '/api/assets/categories/search?group=post&limit=200' }))
      .json()
      .data.data.find((c: { _id: string }) => c._id === alps._id);
    expect(publicAlps.parentId).toBe(europe._id);

    // Europe goes: Alps moves up to Travel, and keeps its post.
    expect((await as(token, 'DELETE', `/api/admin/categories/${europe._id}`)).statusCode).toBe(200);
    expect((await as(token, 'GET', `/api/admin/categories/${alps._id}`)).json().data.parentId).toBe(travel._id);
    expect((await tree()).map((c: { pathName: string }) => c.pathName)).toEqual(['Food', 'Travel', 'Travel › Alps']);
    expect((await h.app.inject({ url: `/api/posts/search?categoryId=${travel._id}` })).json().data.total).toBe(1);
  });
});
