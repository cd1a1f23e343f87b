import { describe, expect, it } from 'vitest';
import { toCard, toCards, views, type CatalogueItem } from '../../src/shared/cards.ts';
import { deepFreeze } from '../../src/shared/deep-freeze.ts';

const video = (id: string, views: number) =>
  ({
    _id: id,
    slug: `film-${id}`,
    title: `Film ${id}`,
    thumbnail: null,
    isSale: true,
    price: 40,
    isLocked: true,
    video: { duration: 95 },
    stats: { views },
  }) as unknown as CatalogueItem;

describe('cards of a list', () => {
  it('are the cards of its items', () => {
    const items = [video('a', 1), video('b', 2500)];
    expect(toCards('video', items)).toEqual(items.map((item) => toCard('video', item)));
    expect(toCards('video', items)[1]).toMatchObject({ href: '/videos/film-b', badge: '1:35', meta: '2,500 views', price: 40 });
  });

  it('count views in words a reader expects: 1 view, 0 and 2,500 views (cards and item pages alike)', () => {
    expect([views(1), views(0), views(2500)]).toEqual(['1 view', '0 views', '2,500 views']);
    expect(toCards('video', [video('a', 1)])[0]!.meta).toBe('1 view');
  });

  it('of a frozen list (a stored answer) are drawn once, and cannot be changed by a render', () => {
    const items = deepFreeze([video('a', 1), video('b', 2)]);
    const cards = toCards('video', items);
    expect(toCards('video', items)).toBe(cards);
    expect(() => ((cards[0] as { title: string }).title = 'changed')).toThrow(TypeError);
    // Another kind of card from the same list is drawn for itself.
    expect(toCards('story', items)).not.toBe(cards);
  });

  it('of a list that may change are drawn at every call', () => {
    const items = [video('a', 1)];
    const first = toCards('video', items);
    (items[0] as { title: string }).title = 'Renamed';
    expect(toCards('video', items)).not.toBe(first);
    expect(toCards('video', items)[0]!.title).toBe('Renamed');
  });
});
