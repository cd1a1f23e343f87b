import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContainer, pageLocals } from '../helpers/container.ts';
import CardGrid from '../../src/components/catalogue/CardGrid.astro';
import UnlockPanel from '../../src/components/catalogue/UnlockPanel.astro';
import Pagination from '../../src/components/catalogue/Pagination.astro';
import type { CardModel } from '../../src/shared/cards.ts';

let container: AstroContainer;
beforeAll(async () => {
  container = await createContainer();
});

const locals = pageLocals;
const image = (locked: boolean) => ({
  url: locked ? '/media/x/preview.webp?e=1&s=a' : '/media/x/original.jpg?e=1&s=a',
  thumbnails: [],
  sources: locked
    ? []
    : [320, 640].flatMap((w) => ['avif', 'webp'].map((format) => ({ url: `/media/x/w${w}.${format}?e=1&s=a`, width: w, height: (w * 9) / 16, format }))),
  width: 1280,
  height: 720,
  locked,
});
const card = (over: Partial<CardModel>): CardModel => ({
  id: '1',
  kind: 'video',
  href: '/videos/a',
  title: 'A film',
  image: image(false),
  aspect: 'wide',
  price: 0,
  isLocked: false,
  badge: '0:04',
  meta: '3 views',
  ...over,
});

describe('catalogue components (Container API)', () => {
  it('a free card: responsive AVIF/WebP srcset, explicit size, lazy, "Free"', async () => {
    const html = await container.renderToString(CardGrid, { props: { cards: [card({})] }, locals: locals() });
    expect(html).toContain('type="image/avif"');
    expect(html).toMatch(
      /srcSet="\/media\/x\/w320\.webp\?e=1&amp;s=a 320w, \/media\/x\/w640\.webp\?e=1&amp;s=a 640w"|srcset="\/media\/x\/w320\.webp\?e=1&amp;s=a 320w/,
    );
    expect(html).toMatch(/width="1280" height="720"/);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('>Free<');
    expect(html).not.toContain('lock-chip');
    expect(html).not.toContain('astro-island');
  });

  it('a locked card: only the preview, a lock chip with the price', async () => {
    const html = await container.renderToString(CardGrid, {
      props: { cards: [card({ isLocked: true, price: 25, image: image(true) })], eager: 1 },
      locals: locals(),
    });
    expect(html).toContain('preview.webp');
    expect(html).not.toMatch(/original\.jpg|w320|<source/);
    expect(html).toMatch(/class="lock-chip" aria-label="Locked, 25 tokens"/);
    expect(html).toContain('loading="eager"');
  });

  it('the unlock panel: log in for anonymous visitors, the unlock island with the balance for members', async () => {
    const props = { kind: 'video', id: 'v1', price: 60, what: 'video' };
    const anonymous = await container.renderToString(UnlockPanel, {
      props,
      locals: locals({ pagePath: '/videos/x' }),
      request: new Request('http://localhost/videos/x'),
    });
    expect(anonymous).toContain('60 tokens');
    expect(anonymous).toContain('href="/auth/login?next=%2Fvideos%2Fx"');
    const user = {
      _id: 'u',
      name: 'M',
      username: 'm',
      email: 'm@x',
      avatar: '',
      cover: null,
      balance: 250,
      roles: ['member'],
      verifiedEmail: true,
      status: 'active',
      createdAt: '',
      bio: '',
      country: null,
      language: null,
      phone: null,
      gender: null,
    };
    const member = await container.renderToString(UnlockPanel, { props, locals: locals({ user } as never) });
    expect(member).toMatch(/Your balance: <span data-testid="unlock-balance">250<\/span> tokens/);
    expect(member).toContain('Unlock for <!-- -->60<!-- --> tokens');
    expect(member).toContain('<astro-island');
    // Too few tokens: the offer of packages instead of the button, rendered with the page (no script needed to see it).
    const starter = { _id: 'p1', name: 'Starter', description: '', tokens: 100, price: 4.99, currency: 'USD', ordering: 1, isActive: true };
    const api = {
      tokenPackages: async () => ({ status: 0, data: { data: [starter], total: 1 } }),
      paymentGateways: async () => ({ status: 0, data: { gateways: ['test'] } }),
    };
    const short = await container.renderToString(UnlockPanel, { props, locals: locals({ user: { ...user, balance: 10 }, api } as never) });
    expect(short).toContain('50</strong> more to unlock this');
    expect(short).not.toContain('data-testid="unlock"');
    expect(short).toContain('Starter');
    expect(short).toContain('Test checkout');
  });

  it('pagination: real links keeping the query, the current page marked', async () => {
    const html = await container.renderToString(Pagination, {
      props: { page: 2, total: 100 },
      locals: locals(),
      request: new Request('http://localhost/videos?sort=popular&page=2'),
    });
    expect(html).toContain('href="/videos?sort=popular" rel="prev"');
    expect(html).toContain('<span aria-current="page">2</span>');
    expect(html).toContain('href="/videos?sort=popular&amp;page=3" rel="next"');
  });

  it('a grid drawn once is reused for the same cards only: any change to a card, or to the eager count, draws it anew', async () => {
    const render = (cards: CardModel[], eager = 0) => container.renderToString(CardGrid, { props: { cards, eager }, locals: locals() });
    const cards = [card({ id: 'k1', title: 'Kept film' }), card({ id: 'k2', title: 'Second film' })];
    const first = await render(cards);
    expect(await render(cards.map((c) => ({ ...c })))).toBe(first);
    const renamed = await render([{ ...cards[0]!, title: 'Renamed film' }, cards[1]!]);
    expect(renamed).toContain('Renamed film');
    expect(renamed).not.toContain('Kept film');
    const locked = await render([{ ...cards[0]!, isLocked: true, price: 30, image: image(true) }, cards[1]!]);
    expect(locked).toContain('Locked, 30 tokens');
    expect(locked).not.toContain('type="image/avif"><source');
    expect(await render(cards, 1)).toContain('loading="eager"');
    expect(await render(cards)).toBe(first);
  });
});
