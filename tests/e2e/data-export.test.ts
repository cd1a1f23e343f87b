import fs from 'node:fs/promises';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.ts';
import { chromiumMissing, hydrated, logIn, screenshot, useE2e } from '../helpers/e2e.ts';
import { linkIn, useSmtp } from '../helpers/smtp.ts';

/** The names of a zip's entries. */
function entriesOf(zip: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: false }, (err, archive) => {
      if (err) return reject(err);
      const names: string[] = [];
      archive.on('entry', (entry: yauzl.Entry) => names.push(entry.fileName));
      archive.on('end', () => resolve(names));
      archive.on('error', reject);
    }),
  );
}

describe.skipIf(chromiumMissing)('download my data in a browser', () => {
  const opts = { env: {} as Record<string, string> };
  const sink = useSmtp(opts.env);
  const e2e = useE2e(opts);
  const base = () => e2e.server.url;

  it('a member asks from their account, is told a mail will come, and the mailed link downloads their zip', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await logIn(page, base());
    await page.goto(`${base()}/account`);
    await Promise.all([page.waitForURL(`${base()}/account/data`), page.click('.account-nav >> text=My data')]);
    const button = '[aria-labelledby=data-export-title] button';
    await hydrated(page, button);
    const since = sink.messages.length;
    await page.click(button);
    await page.waitForSelector('[data-testid=data-export-status]');
    expect(await page.textContent('[data-testid=data-export-status]')).toContain('We’ll e-mail you');
    // One at a time: the button waits while this one is gathered.
    expect(await page.isDisabled(button)).toBe(true);
    expect(await axeProblems(page, 'my data')).toEqual([]);
    await screenshot(page, 'account-data-export');

    // The server's job writes the zip and mails the member.
    const mail = await sink.waitFor('member@tessera.local', /data is ready/, { since, timeoutMs: 60_000 });
    const link = linkIn(mail, '/account/data/');
    const [download] = await Promise.all([page.waitForEvent('download'), page.goto(`${base()}${link.pathname}${link.search}`).catch(() => null)]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const names = await entriesOf(await fs.readFile((await download.path())!));
    expect(names).toEqual(expect.arrayContaining(['profile.json', 'comments.jsonl', 'orders.jsonl', 'ledger.jsonl']));
    await context.close();

    // The link works only for its owner: logged out it asks for the login first, and another member gets "not found".
    const stranger = await e2e.browser.newContext();
    const other = await stranger.newPage();
    await other.goto(`${base()}${link.pathname}${link.search}`);
    expect(new URL(other.url()).pathname).toBe('/auth/login');
    await logIn(other, base(), 'member2');
    const refused = await other.goto(`${base()}${link.pathname}${link.search}`);
    expect(refused?.status()).toBe(404);
    expect(await other.textContent('body')).toContain('This download does not exist.');
    await stranger.close();
  });
});
