import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, hydrated, logIn, screenshot, useE2e } from '../helpers/e2e.ts';
import { linkIn, useSmtp } from '../helpers/smtp.ts';

describe.skipIf(chromiumMissing)('members and community in a browser', () => {
  const opts = { env: {} as Record<string, string> };
  const sink = useSmtp(opts.env);
  const e2e = useE2e(opts);
  const base = () => e2e.server.url;

  it('register → verification mail → verify → log in', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base()}/auth/login`);
    await page.click('text=Create an account');
    await page.waitForURL(`${base()}/auth/register`);
    await hydrated(page, '#name');
    await page.fill('#name', 'Robin Register');
    await page.fill('#username', 'robin');
    await page.fill('#email', 'robin@mail.test');
    await page.fill('#password', 'short');
    await page.click('button[type=submit]');
    // Said under the field, in plain words, tied to it; the field has the focus.
    await page.waitForSelector('#password[aria-invalid=true]:focus');
    expect(await page.getAttribute('#password', 'aria-describedby')).toBe('password-error password-hint');
    expect(await page.textContent('#password-error')).toBe('Use at least 8 characters for a password.');
    // The server's refusal of a taken username goes under that field.
    await page.fill('#username', 'member');
    await page.fill('#password', 'robin-pass-2026');
    await page.click('button[type=submit]');
    await page.waitForSelector('#username[aria-invalid=true]');
    expect(await page.textContent('#username-error')).toMatch(/username/i);
    expect(await page.getAttribute('#password', 'aria-invalid')).toBeNull();
    // Capitals become small as they are typed, and the field says so (the account is made in lower case).
    await page.fill('#username', 'Robin');
    expect(await page.inputValue('#username')).toBe('robin');
    expect(await page.textContent('#username-hint')).toBe('Usernames are lower case: “Robin” is kept as “robin”.');
    await page.click('button[type=submit]');
    await page.waitForSelector('[data-testid=form-success]');
    await screenshot(page, 'register-done');

    const mail = await sink.waitFor('robin@mail.test', /Confirm your e-mail/);
    const link = linkIn(mail, '/auth/verify-email');
    await page.goto(`${base()}${link.pathname}${link.search}`);
    await page.waitForSelector('[data-testid=verify-result].alert-success');
    await screenshot(page, 'verify-email');
    await page.click('text=Continue to log in');
    await page.waitForURL(`${base()}/auth/login`);
    await hydrated(page, '#login');
    await page.fill('#login', 'robin');
    await page.fill('#password', 'robin-pass-2026');
    await Promise.all([page.waitForURL(`${base()}/`), page.click('button[type=submit]')]);
    await page.goto(`${base()}/account`);
    expect(await page.locator('[data-testid=verify-banner]').count()).toBe(0);
    expect(await page.textContent('.account-main h2')).toBe('Robin Register');
    await context.close();
  });

  it('forgot password → mailed link → new password → log in with it', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base()}/auth/login`);
    await page.click('text=Forgot your password?');
    await hydrated(page, '#email');
    await page.fill('#email', 'member@tessera.local');
    await page.click('button[type=submit]');
    await page.waitForSelector('[data-testid=form-success]');
    const link = linkIn(await sink.waitFor('member@tessera.local', /Reset your/), '/auth/reset-password');
    await page.goto(`${base()}${link.pathname}${link.search}`);
    await hydrated(page, '#password');
    await page.fill('#password', 'member-pass-456');
    await page.fill('#confirm', 'member-pass-456');
    await page.click('button[type=submit]');
    await page.waitForSelector('[data-testid=form-success]');
    await screenshot(page, 'reset-password-done');
    await logIn(page, base(), 'member', 'member-pass-456');
    // Reset it back for the other journeys.
    await page.goto(`${base()}/account`);
    await hydrated(page, '#pw-current');
    await page.fill('#pw-current', 'member-pass-456');
    await page.fill('#pw-new', 'member-pass-123');
    await page.fill('#pw-confirm', 'member-pass-123');
    await page.click('text=Change password');
    await page.waitForSelector('form[aria-labelledby=password-title] .alert-success');
    await context.close();
  });

  it('e-mail change: a wrong password is said at the field; the link mailed to the new address makes the change', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await logIn(page, base(), 'member2', 'member-pass-123');
    await page.goto(`${base()}/account`);
    await hydrated(page, '#email-new');
    await page.fill('#email-new', 'milo@mail.test');
    await page.fill('#email-password', 'not-my-password-1');
    await page.click('text=Change e-mail address');
    await page.waitForSelector('#email-password[aria-invalid=true]');
    expect(await page.textContent('#email-password-error')).toMatch(/not your password/);
    await page.fill('#email-password', 'member-pass-123');
    await page.click('text=Change e-mail address');
    await page.waitForSelector('[data-testid=email-form] .alert-success');
    expect(await page.textContent('[data-testid=email-form] .alert-success')).toContain('We sent a link to milo@mail.test');
    await screenshot(page, 'email-change-asked');
    // Nothing changed yet; the old address was told.
    await page.reload();
    expect(await page.textContent('[data-testid=email-form]')).toContain('member2@tessera.local');
    await sink.waitFor('member2@tessera.local', /is about to change/);

    const link = linkIn(await sink.waitFor('milo@mail.test', /Confirm your new/), '/auth/confirm-email');
    await page.goto(`${base()}${link.pathname}${link.search}`);
    await page.waitForSelector('[data-testid=email-change-result].alert-success');
    await screenshot(page, 'email-change-done');
    await page.click('text=Back to my account');
    await page.waitForURL(`${base()}/account`);
    expect(await page.textContent('[data-testid=email-form]')).toContain('milo@mail.test');
    await context.close();
  });

  it('comment on a video: a second viewer sees it arrive and leave live; markup stays text', async () => {
    const author = await (await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const viewer = await (await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await logIn(author, base());
    const url = `${base()}/videos/desert-colour-drift`;
    await Promise.all([author.goto(url), viewer.goto(url)]);
    // Both reach for the comments: the island (and with it the live room) wakes when someone does.
    for (const p of [author, viewer]) {
      await hydrated(p, '[data-testid=comments]');
      await p.waitForSelector('[data-testid=comments][data-loaded=true]');
    }
    const total = Number(await viewer.textContent('[data-testid=comments-total]'));
    const dialogs: string[] = [];
    // The only dialog allowed is the delete confirmation; an alert() from the comment would be recorded here.
    for (const p of [author, viewer]) p.on('dialog', (d) => (d.message() === 'Delete this comment?' ? d.accept() : (dialogs.push(d.message()), d.dismiss())));
    await viewer.waitForSelector('[data-testid=comments][data-live=true]'); // the server confirmed the viewer hears the room

    const evil = '<script>alert("xss")</script> <img src=x onerror=alert(1)> hello https://example.com/page';
    await author.fill('textarea[placeholder="Add a comment"]', evil);
    await author.click('.comments button[type=submit]');
    await author.waitForSelector('.toast >> text=Commented successfully');
    const arrived = viewer.locator('[data-testid=comment]', { hasText: 'hello' });
    await arrived.waitFor();
    expect(Number(await viewer.textContent('[data-testid=comments-total]'))).toBe(total + 1);
    expect(await arrived.locator('.comment-text').textContent()).toBe(evil);
    expect(await arrived.locator('.comment-text img, .comment-text script').count()).toBe(0);
    expect(await arrived.locator('.comment-text a').getAttribute('href')).toBe('https://example.com/page');
    await screenshot(viewer, 'comment-live');

    // An edit reaches the viewer too, without a reload.
    const mine = author.locator('[data-testid=comment]', { hasText: 'hello' });
    await mine.locator('button', { hasText: 'Edit' }).click();
    await mine.locator('textarea').fill('hello, edited');
    await mine.locator('button[type=submit]', { hasText: 'Save' }).click();
    await author.waitForSelector('.toast >> text=Comment updated.');
    await viewer.locator('[data-testid=comment] .comment-text', { hasText: /^hello, edited$/ }).waitFor();

    await author.locator('[data-testid=comment]', { hasText: 'hello' }).locator('[data-testid=delete-comment]').click();
    await author.waitForSelector('.toast >> text=Removed successfully!');
    await arrived.waitFor({ state: 'detached' });
    expect(Number(await viewer.textContent('[data-testid=comments-total]'))).toBe(total);
    expect(dialogs).toEqual([]);
    await author.context().close();
    await viewer.context().close();
  });

  it('a member who starts typing in the comment box at once keeps every letter while its island wakes', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, base());
    await page.goto(`${base()}/videos/desert-colour-drift`);
    // The page is the one shared with visitors: the member's box is there (the session shows it) before any script.
    const box = page.locator('textarea[placeholder="Add a comment"]');
    await box.click();
    await page.keyboard.type('Typed before the island woke');
    await page.waitForSelector('[data-testid=comments][data-live=true]');
    await page.keyboard.type('!');
    expect(await box.inputValue()).toBe('Typed before the island woke!');
    expect(await page.textContent('.comments .comment-form-foot .count')).toBe('29/2000');
    await context.close();
  });

  it('upload an avatar (watching the progress bar) and a cover, then rename: the page follows without a reload', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, base(), 'member2', 'member-pass-123');
    await page.goto(`${base()}/account`);
    await hydrated(page, '#avatar-file');
    const before = await page.getAttribute('[data-testid=avatar]', 'src');
    // A big, incompressible image so that the upload takes a moment; record every value the bar shows.
    const png = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    await page.evaluate(() => {
      const seen: number[] = ((window as unknown as { seen: number[] }).seen = []);
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>('[data-testid=upload-progress]');
        if (bar) seen.push(bar.value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.setInputFiles('#avatar-file', { name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.waitForSelector('.toast >> text=Your new picture is saved.');
    const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBe(100);
    const after = await page.getAttribute('[data-testid=avatar]', 'src');
    expect(after).not.toBe(before);
    expect(after).toMatch(/^\/media\/public\/avatars\//);
    // The header's avatar and a reload agree.
    await page.reload();
    expect(await page.getAttribute('[data-testid=avatar]', 'src')).toBe(after);
    await screenshot(page, 'account-profile');
    // A cover, shown on the public profile.
    await hydrated(page, '#cover-file');
    await page.setInputFiles('#cover-file', {
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#2a6' } })
        .png()
        .toBuffer(),
    });
    await page.waitForSelector('.toast >> text=Your new cover is saved.');
    // A file the server cannot read as a picture: refused, and said once, beside the buttons.
    await page.setInputFiles('#avatar-file', { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    const refusal = (await page.locator('[data-testid=upload-error]').textContent())!;
    expect(refusal.length).toBeGreaterThan(10);
    expect(await page.getByText(refusal).count()).toBe(1);
    // A new name shows at once on the card above the form and in the header, without a reload.
    await hydrated(page, '#profile-name');
    const oldName = (await page.textContent('[data-testid=account-name]'))!;
    await page.fill('#profile-name', 'Milo Renamed');
    await page.click('text=Save profile');
    await page.waitForSelector('[data-testid=account-name]:has-text("Milo Renamed")');
    await page.waitForSelector('[data-testid=member-name]:has-text("Milo Renamed")');
    await page.fill('#profile-name', oldName);
    await page.click('text=Save profile');
    await page.waitForSelector(`[data-testid=account-name]:has-text("${oldName}")`);
    await page.goto(`${base()}/members/member2`);
    expect(await page.getAttribute('.profile-cover img', 'src')).toMatch(/\/media\/public\/covers\/.+\.webp/);
    await screenshot(page, 'member-profile');
    await context.close();
  });

  it('create an event, find it on /events, report a video, and write to the operator', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, base());
    await page.goto(`${base()}/events/new`);
    await hydrated(page, '#event-title');
    await page.fill('#event-title', 'Glass-blowing meetup');
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await page.fill('#event-start', `${day}T18:00`);
    await page.fill('#event-end', `${day}T17:00`);
    await page.click('text=Create event');
    // Said under the end time, tied to it, and the field has the focus.
    await page.waitForSelector('#event-end[aria-invalid=true]:focus');
    expect(await page.getAttribute('#event-end', 'aria-describedby')).toBe('event-end-error');
    expect(await page.textContent('#event-end-error')).toMatch(/end after it starts|after the start/i);
    await page.fill('#event-end', `${day}T21:00`);
    await page.fill('#event-location', 'Murano');
    await Promise.all([page.waitForURL(/\/events\/[0-9a-f-]{36}$/), page.click('text=Create event')]);
    expect(await page.textContent('h1')).toBe('Glass-blowing meetup');
    await page.goto(`${base()}/events`);
    expect(await page.locator('[data-testid=events] h2').allTextContents()).toContain('Glass-blowing meetup');
    await screenshot(page, 'events');

    await page.goto(`${base()}/videos/desert-colour-drift`);
    await hydrated(page, '[data-testid=report]');
    await page.click('[data-testid=report]');
    await page.waitForSelector('dialog.modal[open] input[value=illegal_content]');
    // No reason is chosen for the member, and the report cannot be sent without one.
    expect(await page.locator('dialog.modal[open] input[name=type]:checked').count()).toBe(0);
    await page.click('dialog.modal[open] >> text=Send report');
    expect(await page.evaluate(() => (document.querySelector('dialog.modal[open] input[name=type]') as HTMLInputElement).validity.valueMissing)).toBe(true);
    expect(await page.locator('dialog.modal[open]').count()).toBe(1);
    await page.check('dialog.modal[open] input[value=illegal_content]');
    await screenshot(page, 'report-dialog');
    await page.click('dialog.modal[open] >> text=Send report');
    await page.waitForSelector('[data-testid=report]:has-text("Reported")');

    await page.goto(`${base()}/contact`);
    await hydrated(page, '#message');
    expect(await page.inputValue('#email')).toBe('member@tessera.local');
    await page.fill('#message', 'Where is my parcel?');
    await page.click('text=Send message');
    await page.waitForSelector('[data-testid=form-success]');
    const mail = await sink.waitFor('no-reply@localhost', /Contact form/);
    expect(mail.text).toContain('Where is my parcel?');
    await context.close();
  });
});
