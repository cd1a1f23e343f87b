/**
 * What `npm run bench:scale` loads: the public pages and API lists, a member's own pages and lists, and every
 * back-office list with and without a search. Items are the demo's own (the same ids and slugs in A and B, since B is
 * a copy of A): the video with 20,000 comments in B, a gallery, a product, the `nature` category.
 *
 * The searches: `fjord` is in ~17 % of B's videos, `fjord canyon` (both words) in ~1 %, `fjo` a prefix; `fan12` is in
 * the names and e-mails of ~11,000 of B's members. A (14 videos, 43 members) has a page of matches only for a common
 * word, so each search is measured on A with one that fills its page there (`the`, `th`, `a`, `fan`): both sides
 * answer a full page (or, in the back office, A all it has), and the ratio is the search's cost at B's size.
 */
import pg from 'pg';

export interface Endpoint {
  name: string;
  path: string;
  who: 'visitor' | 'member' | 'admin';
  /**
   * What A is measured on when the path itself would be an empty or nearly empty page there, so that both sides return
   * a full page: a deep page's list from its start (A's whole list is one page), a search for a word A has often.
   */
  onA?: string;
}

export interface DemoItems {
  video: { id: string; slug: string; categoryIds: string[] };
  gallery: string;
  product: string;
  story: string;
  post: string;
  memberId: string;
}

/** The demo items the endpoints name, read from A. */
export async function itemsOf(url: string): Promise<DemoItems> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async <T>(sql: string) => (await client.query(sql)).rows[0] as T;
    // The oldest ready demo video: B gives it 20,000 comments (grow.ts).
    const video = await one<{ id: string; slug: string; category_ids: string[] }>(
      `select id, slug, category_ids from videos where media_state = 'ready' and status = 'active' order by created_at limit 1`,
    );
    return {
      video: { id: video.id, slug: video.slug, categoryIds: video.category_ids },
      gallery: (await one<{ slug: string }>(`select slug from galleries where not is_sale order by created_at limit 1`)).slug,
      product: (await one<{ slug: string }>(`select slug from products where type = 'physical' order by created_at limit 1`)).slug,
      story: (await one<{ slug: string }>(`select slug from stories order by published_at desc limit 1`)).slug,
      post: (await one<{ slug: string }>(`select slug from posts where type = 'post' order by published_at desc limit 1`)).slug,
      memberId: (await one<{ id: string }>(`select id from users where username = 'member'`)).id,
    };
  } finally {
    await client.end();
  }
}

/** Each back-office list, its search on B, and on A where A has too few matches of B's (see the module's comment). */
const ADMIN_LISTS: [resource: string, q: string, qOnA?: string][] = [
  ['videos', 'fjord', 'the'],
  ['galleries', 'fjord', 'the'],
  ['stories', 'fjord', 'the'],
  ['posts', 'fjord', 'the'],
  ['products', 'fjord', 'the'],
  ['members', 'ann', 'a'],
  ['orders', 'fan12', 'fan'],
  ['payments', 'fan12', 'fan'],
  ['token-transactions', 'fan12', 'fan'],
  ['reports', 'fjord', 'the'],
  ['categories', 'nat'],
  ['banners', 'a'],
  ['token-packages', 'pa'],
];

export function endpointsOf(d: DemoItems): Endpoint[] {
  const visitor = (name: string, path: string): Endpoint => ({ name, path, who: 'visitor' });
  const member = (name: string, path: string): Endpoint => ({ name, path, who: 'member' });
  const admin = (name: string, path: string): Endpoint => ({ name, path, who: 'admin' });
  const related = `categoryIds=${d.video.categoryIds.join('&categoryIds=')}&excludedId=${d.video.id}&sortBy=popular&limit=8`;
  return [
    visitor('page /', '/'),
    visitor('page /videos', '/videos'),
    { ...visitor('page /videos?page=50 (A: page 1)', '/videos?page=50'), onA: '/videos' },
    visitor('page /videos?sort=popular', '/videos?sort=popular'),
    visitor('page a video (20,000 comments in B)', `/videos/${d.video.slug}`),
    visitor('page /galleries', '/galleries'),
    visitor('page a gallery', `/galleries/${d.gallery}`),
    visitor('page /store', '/store'),
    visitor('page a product', `/store/${d.product}`),
    visitor('page /stories', '/stories'),
    visitor('page a story', `/stories/${d.story}`),
    visitor('page /posts', '/posts'),
    visitor('page a post', `/posts/${d.post}`),
    visitor('page /categories/nature', '/categories/nature'),
    { ...visitor('page /search?q=fjord (A: the)', '/search?q=fjord'), onA: '/search?q=the' },
    { ...visitor('page /search?q=fjord canyon (A: the)', '/search?q=fjord%20canyon'), onA: '/search?q=the' },
    { ...visitor('page /videos?q=fjo (A: th)', '/videos?q=fjo'), onA: '/videos?q=th' },
    visitor('page /sitemap.xml', '/sitemap.xml'),
    visitor('API videos', '/api/assets/videos/search'),
    { ...visitor('API videos offset 9,000 (A: offset 0)', '/api/assets/videos/search?offset=9000'), onA: '/api/assets/videos/search' },
    visitor('API videos popular', '/api/assets/videos/search?sortBy=popular'),
    visitor('API videos price', '/api/assets/videos/search?sortBy=price&sort=asc'),
    { ...visitor('API videos q=fjord (A: the)', '/api/assets/videos/search?q=fjord'), onA: '/api/assets/videos/search?q=the' },
    { ...visitor('API videos q=fjo (A: th)', '/api/assets/videos/search?q=fjo'), onA: '/api/assets/videos/search?q=th' },
    visitor('API videos premium', '/api/assets/videos/search?isSale=true'),
    visitor('API related videos', `/api/assets/videos/search?${related}`),
    visitor('API a video', `/api/assets/videos/${d.video.slug}?countView=false`),
    visitor('API galleries', '/api/assets/galleries/search'),
    visitor('API products', '/api/assets/products/search'),
    visitor('API stories', '/api/stories/search'),
    { ...visitor('API search totals q=fjord (A: the)', '/api/search/total?q=fjord'), onA: '/api/search/total?q=the' },
    visitor('API comments of an item (20,000 in B)', `/api/comments/search?objectType=video&objectId=${d.video.id}`),
    visitor('API comments, 40th page', `/api/comments/search?objectType=video&objectId=${d.video.id}&offset=480`),
    member('member /api/users/me', '/api/users/me'),
    member('member token history', '/api/token-transactions/user/search'),
    member('member payments', '/api/payment/transactions'),
    member('member purchases (videos)', '/api/assets/my-purchase?type=video'),
    member('member orders', '/api/orders/users/search'),
    member('member favourites', '/api/reactions/videos?action=favourite'),
    member('member page /videos', '/videos'),
    member('member page /account/purchases', '/account/purchases'),
    member('member page /account/orders', '/account/orders'),
    member('member page /account/tokens', '/account/tokens'),
    admin('admin dashboard', '/api/admin/dashboard'),
    admin('admin audit log', '/api/admin/audit'),
    ...ADMIN_LISTS.flatMap(([resource, q, qOnA]) => [
      admin(`admin ${resource}`, `/api/admin/${resource}`),
      {
        ...admin(`admin ${resource} q=${q}${qOnA ? ` (A: ${qOnA})` : ''}`, `/api/admin/${resource}?q=${q}`),
        ...(qOnA && { onA: `/api/admin/${resource}?q=${qOnA}` }),
      },
    ]),
    admin('admin token-transactions of a member', `/api/admin/token-transactions?userId=${d.memberId}`),
    admin('admin orders processing', '/api/admin/orders?deliveryStatus=processing'),
    admin('admin videos processing', '/api/admin/videos?media=processing'),
    admin('admin page /admin', '/admin'),
    admin('admin page /admin/videos', '/admin/videos'),
    { ...admin('admin page /admin/members?q=ann (A: a)', '/admin/members?q=ann'), onA: '/admin/members?q=a' },
    admin('admin page /admin/token-transactions', '/admin/token-transactions'),
    admin('admin page /admin/reports', '/admin/reports'),
    admin('admin page a member', `/admin/members/${d.memberId}`),
  ];
}
