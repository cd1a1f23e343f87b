import { describe, expect, it } from 'vitest';
import { entryInWords } from '../../src/components/admin/audit-words.ts';
import type { AuditEntry } from '../../src/shared/operations/admin.ts';

const entry = (e: Partial<AuditEntry>): AuditEntry => ({
  _id: 'a1',
  actor: { _id: 'u1', username: 'admin' },
  resource: 'videos',
  targetId: '6f1c3c1e-0000-4000-8000-000000000001',
  action: 'update',
  before: null,
  after: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  ...e,
});

/** The audit log in words (issue 35, part 8): labels, before → after, amounts; no ids, bookkeeping or JSON. */
describe('the audit log in words', () => {
  it('a change names the item and lists each changed field by its label, in words', () => {
    const words = entryInWords(
      entry({
        before: { _id: 'x', title: 'Glass', price: 10, isSale: true, updatedAt: '2026-11-28T10:00:00.000Z', hiddenBy: null, categoryIds: ['c1'] },
        after: { _id: 'x', title: 'Glass', price: 12, isSale: true, updatedAt: '2026-11-29T10:00:00.000Z', hiddenBy: 'u2', categoryIds: ['c2'] },
      }),
    );
    expect(words).toEqual({
      doing: 'changed the video',
      item: 'Glass',
      href: '/admin/videos/6f1c3c1e-0000-4000-8000-000000000001',
      changes: [
        { label: 'Price (tokens)', before: '10 tokens', after: '12 tokens' },
        { label: 'Categories', before: '1 chosen', after: '1 chosen, changed' },
      ],
    });
  });

  it('money as amounts in its currency, a ledger as a count, a picture as its size, times with their zone', () => {
    const words = entryInWords(
      entry({
        resource: 'token-packages',
        before: { name: 'Starter', priceMinor: 499, currency: 'EUR', ledger: [{ delta: 1 }], image: null, startsAt: null },
        after: {
          name: 'Starter',
          priceMinor: 599,
          currency: 'EUR',
          ledger: [{ delta: 1 }, { delta: 2 }],
          image: { url: '/x.webp', ref: 'k', width: 800, height: 600 },
          startsAt: '2026-12-01T09:30:00.000Z',
        },
      }),
      'Europe/Oslo',
    );
    const byLabel = Object.fromEntries(words.changes.map((c) => [c.label, [c.before, c.after]]));
    expect(Object.values(byLabel).flat().join(' ')).not.toMatch(/[{}[\]]/);
    expect(byLabel['Ledger']).toEqual(['1 entry', '2 entries']);
    expect(byLabel['Image']).toEqual(['—', 'a picture, 800 × 600']);
    expect(byLabel['Starts at']).toEqual(['—', 'Dec 1, 2026, 10:30 AM GMT+1']);
    expect(Object.entries(byLabel).find(([, v]) => v[1] === '€5.99')?.[1]).toEqual(['€4.99', '€5.99']);
  });

  it('settings by their labels; a mail by its title; a verb in words; a deletion names the item without a diff', () => {
    expect(entryInWords(entry({ resource: 'settings', targetId: null, before: { siteName: 'A' }, after: { siteName: 'B' } }))).toMatchObject({
      doing: 'changed the settings',
      changes: [{ label: 'Site name', before: 'A', after: 'B' }],
    });
    expect(entryInWords(entry({ resource: 'mail-templates', targetId: 'order-placed', action: 'reset', before: { subject: 'x' } }))).toMatchObject({
      doing: 'reset the mail',
      item: 'Order placed',
      href: '/admin/mails/order-placed',
    });
    expect(entryInWords(entry({ resource: 'members', action: 'adjust-tokens', after: { username: 'ann' } })).doing).toBe('adjust tokens on the member');
    expect(entryInWords(entry({ action: 'delete', before: { title: 'Old', price: 3 } }))).toMatchObject({
      doing: 'deleted the video',
      item: 'Old',
      href: null,
      changes: [],
    });
  });

  it('a creation lists what the item was made with, choices by their words, and leaves out what was left empty', () => {
    const words = entryInWords(entry({ resource: 'categories', action: 'create', after: { _id: 'c', name: 'Night', group: 'video', parentId: null } }));
    expect(words.changes).toEqual([
      { label: 'Name', before: '—', after: 'Night' },
      { label: 'Shown with', before: '—', after: 'Videos' },
    ]);
  });
});
