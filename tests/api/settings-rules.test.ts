import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/server/cli/run.ts';
import { useApi } from '../helpers/api.ts';

describe('settings accept only what is safe to print', () => {
  const h = useApi();
  const settings = () => h.app.services.settings;
  const publicValue = async (key: string) => (await h.app.inject({ url: '/api/settings/public' })).json().data[key];

  it('links (logo, favicon, placeholder image, menu paths) are site paths or http(s) URLs, never script', async () => {
    const before = await publicValue('menus');
    for (const bad of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x.svg',
      'vbscript:x',
      'logo.svg',
    ]) {
      await expect(settings().set('logo', bad), bad).rejects.toThrow(/logo must be a site path/);
      await expect(settings().set('menus', [{ title: 'Home', path: bad }]), bad).rejects.toThrow(/path must be a site path/);
    }
    expect(await publicValue('logo')).toBe('/images/logo.svg');
    expect(await publicValue('menus')).toEqual(before);

    await settings().set('logo', 'https://cdn.example/logo.svg');
    await settings().set('favicon', '/favicon-2.svg');
    await settings().set(
      'menus',
      JSON.stringify([
        { title: 'Videos', path: '/videos' },
        { title: 'Blog', path: 'https://blog.example/', section: 'footer', isNewTab: true },
      ]),
    );
    expect(await publicValue('logo')).toBe('https://cdn.example/logo.svg');
    expect(await publicValue('menus')).toEqual([
      { title: 'Videos', path: '/videos' },
      { title: 'Blog', path: 'https://blog.example/', section: 'footer', isNewTab: true },
    ]);
  });

  it('footer HTML keeps formatting and safe links only', async () => {
    const stored = await settings().set(
      'footerContent',
      '<b>Made in Lisbon</b> <a href="javascript:alert(1)">x</a> <a href="/contact">Contact</a><script>alert(2)</script><img src=x onerror=alert(3)>',
    );
    expect(stored).toBe('<b>Made in Lisbon</b> <a>x</a> <a href="/contact">Contact</a>');
    expect(await publicValue('footerContent')).toBe(stored);
  });

  it('refuses unknown keys and values of the wrong kind, and changes nothing', async () => {
    await expect(settings().set('sitename', 'Typo')).rejects.toThrow(/'sitename' is not a setting\. Known settings: siteName/);
    await expect(settings().set('maintenanceMode', 'perhaps')).rejects.toThrow(/maintenanceMode must be a boolean/);
    await expect(settings().set('currency', 'dollars')).rejects.toThrow(/ISO 4217/);
    expect(await publicValue('sitename')).toBeUndefined();
    expect(await publicValue('maintenanceMode')).toBe(false);
    // Text that looks like JSON stays text where the setting is text.
    expect(await settings().set('siteName', '2048')).toBe('2048');
  });

  it('tokenPrice (money per token, for structured data) is a number from 0 (not declared), public, 0 by default', async () => {
    expect(await publicValue('tokenPrice')).toBe(0);
    for (const bad of ['ten cents', -0.1, '1e9', 0.00001, '"0.1"', true]) {
      await expect(settings().set('tokenPrice', bad), String(bad)).rejects.toThrow(/tokenPrice must be the money one token is worth/);
    }
    expect(await publicValue('tokenPrice')).toBe(0);
    expect(await settings().set('tokenPrice', '0.1')).toBe(0.1);
    expect(await publicValue('tokenPrice')).toBe(0.1);
    expect((await h.app.inject({ url: '/api/settings/public?group=commerce' })).json().data).toMatchObject({ currency: 'USD', tokenPrice: 0.1 });
    expect(await settings().set('tokenPrice', 0)).toBe(0);
  });
});

describe('the operator CLI refuses what it cannot mean', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const cli = (...args: string[]) => runCli(args, { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent' });

  it('settings set refuses an unknown key; country block refuses a code that is not ISO 3166-1 (exit 1, said why)', async () => {
    expect(await cli('settings', 'set', 'sitename', 'Typo')).toEqual({ code: 1, output: expect.stringContaining("'sitename' is not a setting") });
    expect(await cli('country', 'block', 'UK')).toEqual({ code: 1, output: expect.stringContaining("'UK' is not an ISO 3166-1 alpha-2 country code") });
    expect(await cli('country', 'block', 'de')).toEqual({ code: 0, output: 'Blocked: DE' });
  });

  it('settings set takes tokenPrice as a number, and refuses what is not one', async () => {
    expect(await cli('settings', 'set', 'tokenPrice', '0.25')).toEqual({ code: 0, output: 'tokenPrice = 0.25' });
    expect(await cli('settings', 'set', 'tokenPrice', 'cheap')).toEqual({
      code: 1,
      output: expect.stringContaining('tokenPrice must be the money one token is worth'),
    });
  });
});
