import { describe, expect, it } from 'vitest';
import { useApi } from '../helpers/api.ts';

describe('first run: the admin account made with the one-time setup token', () => {
  const h = useApi();
  const status = async () => (await h.app.inject({ url: '/api/setup/status' })).json().data.needed;
  const setup = (payload: object) => h.app.inject({ method: 'POST', url: '/api/setup', payload });
  const account = { name: 'Ada Operator', username: 'ada', email: 'ada@example.com', password: 'first-admin-1' };

  it('is closed until a start issues a token, refuses a wrong token or a weak password, then makes and logs in the admin once', async () => {
    expect(await status()).toBe(false);
    const stale = await h.app.services.setup.issueToken();
    const token = await h.app.services.setup.issueToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await status()).toBe(true);

    // Only the latest start's token counts.
    const old = await setup({ ...account, token: stale });
    expect([old.statusCode, Object.keys(old.json().fields)]).toEqual([400, ['token']]);
    // A refused account leaves the token usable.
    const weak = await setup({ ...account, token, password: 'short' });
    expect([weak.statusCode, Object.keys(weak.json().fields)]).toEqual([400, ['password']]);
    expect(await status()).toBe(true);

    const done = await setup({ ...account, token });
    expect(done.statusCode).toBe(200);
    const me = await h.app.inject({ url: '/api/users/me', headers: { authorization: done.json().data.token } });
    expect(me.json().data).toMatchObject({ username: 'ada', roles: ['member', 'admin'] });
    expect(await status()).toBe(false);
    // Contact mail now has somewhere to go.
    expect(await h.app.services.settings.get('adminEmail')).toBe('ada@example.com');

    const again = await setup({ ...account, username: 'eve', email: 'eve@example.com', token });
    expect([again.statusCode, again.json().error]).toEqual([409, 'CONFLICT']);
    // Later starts print nothing: the site has its admin.
    expect(await h.app.services.setup.issueToken()).toBeNull();
  });
});
