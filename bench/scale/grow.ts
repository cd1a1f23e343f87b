/**
 * Grows a seeded demo database (A) into the size of a successful site (B) with set-based SQL (`generate_series`), in
 * place: 100,000 videos (30 % priced), 20,000 galleries with 200,000 photos, 5,000 stories, 5,000 posts, 2,000
 * products, 200,000 members, 1.75 million token transactions with their entitlements, 200,000 payments, ~2 million
 * ledger entries, 200,000 orders, 500,000 comments (five demo videos with 20,000 each), 300,000 reactions, 50,000
 * reports, 100,000 audit entries. Every row keeps the schema's constraints, and the books balance (`ledger check`
 * finds nothing): each member's balance is the sum of their entries, each spend has its debit, each payment its credit.
 *
 * Ids are md5 of a name and a number (`md5('video:17')::uuid`), so rows refer to each other by arithmetic, not joins.
 * The demo's own rows stay as they are; the demo member gets a long history (2,000 unlocks, 300 orders), so that a
 * member's own lists are measured at size too. `scale` shrinks every count (0.01 for a quick try).
 */

/** The tables the steps fill (their plain indexes are dropped first and made again after: databases.ts). */
export const GROWN_TABLES =
  'users videos galleries photos stories posts products token_transactions entitlements orders payment_transactions token_ledger comments reactions violation_reports audit_log'.split(
    ' ',
  );

export interface GrowStep {
  label: string;
  sql: string;
}

const WORDS =
  'amber harbor silent river copper meadow lantern granite velvet orbit cedar echo falcon glacier hollow island jade kestrel lagoon marble nectar ocean prairie quartz ridge saffron tundra umber valley willow zephyr basalt canyon delta ember fjord grove horizon indigo juniper kelp lotus mosaic nimbus opal pebble quiet raven'.split(
    ' ',
  );
const FIRST =
  'Ann Anna Hannah Joanne Ben Carla David Elena Farid Grace Hugo Ines Jonas Kemal Lena Mateo Nora Oskar Priya Quentin Rosa Sami Tara Umar Vera Wen Yusuf Zoe Leo Mia Ivan Lucia'.split(
    ' ',
  );
const LAST = 'Smith Garcia Müller Rossi Novak Kowalski Silva Tanaka Okafor Nguyen Haddad Larsen Dubois Janssen Popescu Kim Ahmed Costa Weber Moreau'.split(' ');

const array = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;
/** The `k`-th word of `n` (cycling through the list at different speeds). */
const word = (n: string, k: number) => `(${array(WORDS)})[1 + ((${n}) / ${WORDS.length ** k}) % ${WORDS.length}]`;
const title = (n: string) => `initcap(${word(n, 0)}) || ' ' || ${word(n, 1)} || ' ' || ${word(`${n} * 7`, 0)}`;
const sentence = (n: string) =>
  `'A ' || ${word(`${n} * 3`, 0)} || ' ' || ${word(`${n} * 5`, 1)} || ' by the ' || ${word(`${n} * 11`, 0)} || ', filmed near the ' || ${word(`${n} * 13`, 1)} || ' ' || ${word(`${n} * 17`, 0)} || '.'`;

export interface GrowSizes {
  members: number;
  videos: number;
  galleries: number;
  stories: number;
  posts: number;
  products: number;
  unlocks: number;
  comments: number;
  reactions: number;
  reports: number;
  audit: number;
  adjustments: number;
  /** The demo member's own history. */
  memberUnlocks: number;
  memberOrders: number;
}

/** B: a successful site (`scale` shrinks every count, 0.01 for a quick try). */
export function sizes(scale = 1): GrowSizes {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  return {
    members: n(200_000),
    videos: n(100_000),
    galleries: n(20_000),
    stories: n(5_000),
    posts: n(5_000),
    products: n(2_000),
    unlocks: n(1_550_000),
    comments: n(500_000),
    reactions: n(300_000),
    reports: n(50_000),
    audit: n(100_000),
    adjustments: n(50_000),
    memberUnlocks: Math.min(n(2_000), 2_000),
    memberOrders: Math.min(n(300), 300),
  };
}

/**
 * A: the demo catalogue after a few days of use, no item added: 40 members who bought, paid, ordered, commented,
 * reacted and reported, an operator's edits, the demo member's own purchases and orders. So that A's lists are full
 * pages as B's are (an empty list would be a cheaper answer, not a cheaper query), and B's rows are A's and more.
 */
export const ACTIVITY: GrowSizes = {
  members: 40,
  videos: 0,
  galleries: 0,
  stories: 0,
  posts: 0,
  products: 0,
  unlocks: 120,
  comments: 80,
  reactions: 80,
  reports: 40,
  audit: 60,
  adjustments: 10,
  memberUnlocks: 20,
  memberOrders: 8,
};

/**
 * Which growth a run is: its ids' namespace (`tag`: md5 of `tag:kind:n`) and where its members' numbers start
 * (`fan<base + n>`), so that B's growth never collides with A's, which B holds.
 */
export interface GrowRun {
  tag: string;
  base: number;
}

export function growSteps(s: GrowSizes, { tag, base }: GrowRun): GrowStep[] {
  const id = (kind: string, n: string) => `md5('${tag}:${kind}:' || ${n})::uuid`;
  return [
    {
      label: 'demo rows to copy from',
      sql: `
        select setseed(0.42);
        create temp table demo_video as
          select row_number() over (order by created_at) - 1 as n, id, thumbnail, video, teaser, hls, strip, category_ids
          from videos where media_state = 'ready' and status = 'active';
        create temp table demo_photo as select row_number() over (order by id) - 1 as n, image from photos where target = 'gallery';
        create temp table demo_product as
          select row_number() over (order by created_at) - 1 as n, type, images, file, category_ids from products where status = 'active';
        create temp table demo_cover as select row_number() over (order by created_at) - 1 as n, cover, category_ids from stories;
        create temp table cats as select "group" as grp, array_agg(id order by ordering, id) as ids from categories group by "group";
        create temp table demo_member as select id from users where username = 'member';
        create temp table demo_admin as select id, username from users where username = 'admin';
        create temp table package as select id, tokens, price_minor, currency from token_packages order by tokens desc limit 1;`,
    },
    {
      label: `${s.members.toLocaleString('en-US')} members`,
      sql: `
        insert into users (id, email, username, name, password_hash, roles, balance, verified_email, status, country, created_at, updated_at)
        select ${id('user', 'i')}, 'fan' || (${base} + i) || '@example.com', 'fan' || (${base} + i),
               (${array(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${array(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}],
               (select password_hash from users where username = 'member'), '{member}', 0, i % 10 <> 0,
               case when i % 211 = 0 then 'inactive' else 'active' end,
               (array['US','GB','DE','FR','BR','IN','JP','NL'])[1 + i % 8],
               now() - interval '1100 days' + (i::float / ${s.members}) * interval '1000 days',
               now() - interval '1100 days' + (i::float / ${s.members}) * interval '1000 days'
        from generate_series(1, ${s.members}) i;`,
    },
    {
      label: `${s.videos.toLocaleString('en-US')} videos`,
      sql: `
        insert into videos (id, slug, title, description, tags, category_ids, thumbnail, video, teaser, hls, strip, media_state,
                            is_sale, price, is_schedule, scheduled_at, stat_views, status, created_at, updated_at)
        select ${id('video', 'i')},
               case when i % 100 = 1 then 'scale-video-' || i || '-deleted' else 'scale-video-' || i end,
               ${title('i')}, ${sentence('i')},
               array[${word('i * 19', 0)}, ${word('i * 23', 1)}],
               array[(select ids from cats where grp = 'video')[1 + i % 3]],
               d.thumbnail, d.video, d.teaser, d.hls, d.strip,
               case when i % 200 = 2 then 'processing' when i % 500 = 3 then 'failed' else 'ready' end,
               i % 10 < 3, case when i % 10 < 3 then 5 + (i * 13) % 96 else 0 end,
               i % 1000 = 4, case when i % 1000 = 4 then now() + (1 + i % 30) * interval '1 day' end,
               floor(200000 * power(random(), 4))::int,
               case when i % 100 = 0 then 'inactive' when i % 100 = 1 then 'deleted' else 'active' end,
               now() - i * interval '10 minutes' - interval '1 hour', now() - i * interval '10 minutes' - interval '1 hour'
        from generate_series(1, ${s.videos}) i
        join demo_video d on d.n = i % (select count(*) from demo_video);`,
    },
    {
      label: `${s.galleries.toLocaleString('en-US')} galleries, ${(s.galleries * 10).toLocaleString('en-US')} photos`,
      sql: `
        insert into galleries (id, slug, title, description, tags, category_ids, cover, num_of_items, is_sale, price, stat_views, status, created_at, updated_at)
        select ${id('gallery', 'i')}, 'scale-gallery-' || i, ${title('i * 3')}, ${sentence('i * 3')},
               array[${word('i * 29', 0)}], array[(select ids from cats where grp = 'gallery')[1 + i % 3]],
               (select image from demo_photo where n = (i * 10) % (select count(*) from demo_photo)), 10,
               i % 10 < 3, case when i % 10 < 3 then 5 + (i * 7) % 96 else 0 end,
               floor(50000 * power(random(), 4))::int,
               case when i % 100 = 0 then 'inactive' else 'active' end,
               now() - i * interval '50 minutes' - interval '1 hour', now() - i * interval '50 minutes' - interval '1 hour'
        from generate_series(1, ${s.galleries}) i;
        insert into photos (id, target, target_id, title, image, is_cover, ordering, created_at)
        select ${id('photo', "g || ':' || p")}, 'gallery', ${id('gallery', 'g')}, 'Photo ' || (p + 1),
               d.image, p = 0, p, now() - g * interval '50 minutes'
        from generate_series(1, ${s.galleries}) g cross join generate_series(0, 9) p
        join demo_photo d on d.n = (g * 10 + p) % (select count(*) from demo_photo);`,
    },
    {
      label: `${s.stories.toLocaleString('en-US')} stories, ${s.posts.toLocaleString('en-US')} posts, ${s.products.toLocaleString('en-US')} products`,
      sql: `
        insert into stories (id, slug, title, short_description, content, tags, category_ids, cover, is_sale, price, stat_views, status, published_at, created_at, updated_at)
        select ${id('story', 'i')}, 'scale-story-' || i, ${title('i * 5')}, ${sentence('i * 5')},
               '<p>' || ${sentence('i * 7')} || '</p><p>' || ${sentence('i * 9')} || '</p>',
               array[${word('i * 31', 0)}], array[(select ids from cats where grp = 'story')[1 + i % 3]],
               (select cover from demo_cover where n = i % (select count(*) from demo_cover)),
               i % 5 = 0, case when i % 5 = 0 then 3 + i % 20 else 0 end, floor(20000 * power(random(), 4))::int,
               'active', now() - i * interval '3 hours', now() - i * interval '3 hours', now() - i * interval '3 hours'
        from generate_series(1, ${s.stories}) i;
        insert into posts (id, slug, type, title, short_description, content, tags, category_ids, stat_views, status, published_at, created_at, updated_at)
        select ${id('post', 'i')}, 'scale-post-' || i, 'post', ${title('i * 11')}, ${sentence('i * 11')},
               '<p>' || ${sentence('i * 13')} || '</p>', array[${word('i * 37', 0)}],
               array[(select ids from cats where grp = 'post')[1 + i % 2]], floor(20000 * power(random(), 4))::int,
               'active', now() - i * interval '3 hours', now() - i * interval '3 hours', now() - i * interval '3 hours'
        from generate_series(1, ${s.posts}) i;
        insert into products (id, slug, name, description, type, price, stock, tags, category_ids, images, file, stat_views, status, created_at, updated_at)
        select ${id('product', 'i')}, 'scale-product-' || i, ${title('i * 17')}, ${sentence('i * 17')},
               d.type, 5 + (i * 11) % 96, case when d.type = 'physical' then 100000 end,
               array[${word('i * 41', 0)}], array[(select ids from cats where grp = 'product')[1 + i % 3]],
               d.images, d.file, floor(20000 * power(random(), 4))::int, 'active',
               now() - i * interval '9 hours', now() - i * interval '9 hours'
        from generate_series(1, ${s.products}) i
        join demo_product d on d.n = i % (select count(*) from demo_product);`,
    },
    {
      label: 'what members can buy',
      sql: `
        create temp table priced as
          select row_number() over (order by kind, id) as n, kind, id, slug, title, price from (
            select 'video' as kind, id, slug, title, price from videos where is_sale and status = 'active'
            union all select 'gallery', id, slug, title, price from galleries where is_sale and status = 'active') p;
        create temp table members as
          select row_number() over (order by created_at, id) as n, id, created_at from users
          where id in (select ${id('user', 'i')} from generate_series(1, ${s.members}) i);
        create temp table shop as select row_number() over (order by created_at, id) as n, id, name, slug, type, price from products where status = 'active';
        create temp table vids as select row_number() over (order by created_at, id) as n, id from videos where status = 'active';`,
    },
    {
      label: `${(s.unlocks + s.memberUnlocks).toLocaleString('en-US')} unlocks (token transactions and entitlements)`,
      sql: `
        -- One unlock per member and item (a small catalogue maps a member's picks onto the same item: kept once), and
        -- none of what the demo member owns already.
        create temp table unlocks as
          select distinct on (user_id, item_id) * from (
            select ${id('unlock', 'i')} as id, m.id as user_id, p.kind, p.id as item_id, p.slug, p.title, p.price,
                   least(m.created_at + (1 + i / ${s.members}) * interval '2 days' + (i % 1440) * interval '1 minute', now() - interval '1 hour') as at
            from generate_series(0, ${s.unlocks - 1}) i
            join members m on m.n = 1 + i % ${s.members}
            join priced p on p.n = 1 + (m.n * 7919 + (i / ${s.members}) * 4099) % (select count(*) from priced)
            union all
            select ${id('member-unlock', 'k')}, dm.id, p.kind, p.id, p.slug, p.title, p.price, now() - interval '400 days' + k * interval '4 hours'
            from generate_series(0, ${s.memberUnlocks - 1}) k
            join priced p on p.n = 1 + k cross join demo_member dm
            where not exists (select 1 from entitlements e where e.user_id = dm.id and e.item_id = p.id)) u
          order by user_id, item_id, at;
        insert into token_transactions (id, user_id, type, target_id, target_info, total_price, status, created_at)
        select id, user_id, kind, item_id, jsonb_build_object('title', title, 'slug', slug), price, 'success', at from unlocks;
        insert into entitlements (id, user_id, item_type, item_id, created_at)
        select md5('entitlement:' || id)::uuid, user_id, kind, item_id, at from unlocks;`,
    },
    {
      label: `${(s.members + s.memberOrders).toLocaleString('en-US')} checkouts and their orders`,
      sql: `
        create temp table checkouts as
          select ${id('checkout', 'm.n')} as id, ${base} + m.n as seq, m.id as user_id, pr.id as product_id, pr.name, pr.slug, pr.type, pr.price,
                 least(m.created_at + interval '5 days', now() - interval '2 hours') as at
          from members m join shop pr on pr.n = 1 + (m.n * 31) % (select count(*) from shop)
          union all
          select ${id('member-checkout', 'k')}, ${base} + ${s.members} + 1 + k, dm.id, pr.id, pr.name, pr.slug, pr.type, pr.price,
                 now() - interval '300 days' + k * interval '1 day'
          from generate_series(1, ${s.memberOrders}) k join shop pr on pr.n = k cross join demo_member dm
          where not exists (select 1 from entitlements e where e.user_id = dm.id and e.item_id = pr.id);
        insert into token_transactions (id, user_id, type, target_id, products, total_price, status, created_at)
        select id, user_id, 'product', null, jsonb_build_array(jsonb_build_object('productId', product_id, 'name', name, 'quantity', 1, 'price', price)),
               price, 'success', at from checkouts;
        insert into entitlements (id, user_id, item_type, item_id, created_at)
        select md5('entitlement:' || id)::uuid, user_id, 'product', product_id, at from checkouts;
        -- Order numbers: seq times a number prime to 26, modulo 26^8, written in 8 letters (distinct for distinct seq).
        insert into orders (id, order_number, token_transaction_id, buyer_id, product_id, product_info, product_type, quantity,
                            unit_price, total_price, delivery_status, shipping_code, delivery_address, postal_code, phone_number, created_at, updated_at)
        select md5('order:' || id)::uuid,
               (select string_agg(chr(65 + ((x / (26::bigint ^ d)::bigint) % 26)::int), '' order by d)
                  from (select (seq::bigint * 3141592653 + 104729) % 208827064576 as x) v, generate_series(0, 7) d),
               id, user_id, product_id, jsonb_build_object('name', name, 'slug', slug, 'type', type), type, 1, price, price,
               case when type = 'digital' then 'delivered' when seq % 10 < 2 then 'processing' when seq % 10 < 3 then 'shipping' else 'delivered' end,
               case when type = 'physical' and seq % 10 >= 2 then 'TRK' || seq else '' end,
               case when type = 'physical' then seq || ' ' || initcap(${word('seq', 0)}) || ' Street' else '' end,
               case when type = 'physical' then lpad((seq % 99999)::text, 5, '0') else '' end,
               case when type = 'physical' then '+1555' || lpad((seq % 10000000)::text, 7, '0') else '' end,
               at, at
        from checkouts;`,
    },
    {
      label: `${s.members.toLocaleString('en-US')} payments, adjustments, and the ledger`,
      sql: `
        insert into payment_transactions (id, user_id, package_id, gateway, amount_minor, currency, tokens, status, provider_ref, settled_at, created_at, updated_at)
        select ${id('payment', 'm.n')}, m.id, pk.id, 'test', pk.price_minor, pk.currency, pk.tokens, 'success', 'bench-${tag}-' || m.n,
               m.created_at + interval '1 hour', m.created_at + interval '1 hour', m.created_at + interval '1 hour'
        from members m cross join package pk;
        create temp table movements as
          select user_id, -price as delta, 'unlock ' || kind || ' ' || slug as reason, 'token_transaction' as ref_type, id::text as ref_id, at from unlocks
          union all select user_id, -price, 'cart checkout', 'token_transaction', id::text, at from checkouts
          union all select user_id, tokens, 'token package purchase', 'payment', id::text, created_at from payment_transactions where provider_ref like 'bench-${tag}-%'
          union all select m.id, 50, 'support gesture', 'adjustment', null, m.created_at + interval '3 days'
                    from generate_series(1, ${s.adjustments}) i join members m on m.n = 1 + (i * 3) % ${s.members};
        -- Whoever spent more than they bought gets the difference as an adjustment first.
        insert into movements
          select user_id, -sum(delta) + 100, 'opening balance', 'adjustment', null, min(at) - interval '1 minute'
          from movements group by user_id having sum(delta) < 0;
        insert into token_ledger (id, user_id, delta, balance_after, reason, ref_type, ref_id, created_at)
        select gen_random_uuid(), mv.user_id, mv.delta,
               coalesce(u.balance, 0) + sum(mv.delta) over (partition by mv.user_id order by mv.at, mv.ref_id rows unbounded preceding),
               mv.reason, mv.ref_type, mv.ref_id, mv.at
        from movements mv join users u on u.id = mv.user_id;
        update users u set balance = u.balance + t.sum from (select user_id, sum(delta) as sum from movements group by user_id) t where u.id = t.user_id;`,
    },
    {
      label: `${s.comments.toLocaleString('en-US')} comments, ${s.reactions.toLocaleString('en-US')} reactions`,
      sql: `
        insert into comments (id, object_type, object_id, user_id, content, created_at, updated_at)
        select ${id('comment', 'i')}, 'video',
               case when i <= ${s.comments} / 5 then d.id else v.id end,
               ${id('user', `(1 + (i * 7) % ${s.members})`)}, ${sentence('i * 19')},
               now() - i * interval '1 minute', now() - i * interval '1 minute'
        from generate_series(1, ${s.comments}) i
        join vids v on v.n = 1 + i % (select count(*) from vids)
        join demo_video d on d.n = i % 5;
        update videos v set stat_comments = c.count from (select object_id, count(*) as count from comments where object_type = 'video' group by object_id) c
        where v.id = c.object_id and v.stat_comments <> c.count;
        insert into reactions (id, user_id, object_type, object_id, action, created_at)
        select ${id('reaction', 'i')}, ${id('user', `(1 + i % ${s.members})`)}, 'video', v.id,
               case when i < ${s.members} then 'like' when i < 2 * ${s.members} then 'favourite' else 'watch_later' end, now() - i * interval '2 minutes'
        from generate_series(0, ${s.reactions - 1}) i join vids v on v.n = 1 + (i * 13) % (select count(*) from vids)
        on conflict do nothing;
        insert into reactions (id, user_id, object_type, object_id, action, created_at)
        select ${id('member-reaction', 'k || a')}, dm.id, 'video', v.id, a, now() - k * interval '1 hour'
        from generate_series(0, 499) k cross join unnest(array['like', 'favourite', 'watch_later']) a cross join demo_member dm
        join vids v on v.n = 1 + k * 3
        on conflict do nothing;
        update videos v set stat_likes = r.count from (select object_id, count(*) as count from reactions where action = 'like' and object_type = 'video' group by object_id) r
        where v.id = r.object_id and v.stat_likes <> r.count;`,
    },
    {
      label: `${s.reports.toLocaleString('en-US')} reports, hidden items, ${s.audit.toLocaleString('en-US')} audit entries`,
      sql: `
        insert into violation_reports (id, user_id, type, target_type, target_id, description, status, created_at, updated_at)
        select ${id('report', 'i')}, ${id('user', `(1 + i % ${s.members})`)},
               (array['minor_safety','non_consensual','copyright','harassment','violence','spam','other'])[1 + i % 7],
               case when i % 5 = 0 then 'comment' else 'video' end,
               case when i % 5 = 0 then ${id('comment', `(1 + (i * 7) % ${s.comments})`)} else v.id end,
               ${sentence('i * 23')},
               (array['open','open','open','open','open','open','reviewing','dismissed','dismissed','actioned'])[1 + i % 10],
               now() - i * interval '13 minutes', now() - i * interval '13 minutes'
        from generate_series(1, ${s.reports}) i join vids v on v.n = 1 + (i * 7) % (select count(*) from vids);
        insert into hidden_targets (target_type, target_id, reason, hidden_by, created_at)
        select 'video', ${id('video', 'i')}, 'operator', (select id from demo_admin), now() - i * interval '1 hour'
        from generate_series(5, ${s.videos}, 200) i on conflict do nothing;
        update videos set hidden = true where id in (select target_id from hidden_targets where target_type = 'video');
        insert into audit_log (id, actor_id, actor_name, resource, target_id, action, before, after, created_at)
        select ${id('audit', 'i')}, a.id, a.username, 'videos', v.id::text, 'update',
               jsonb_build_object('price', i % 50), jsonb_build_object('price', 1 + i % 50), now() - i * interval '7 minutes'
        from generate_series(1, ${s.audit}) i cross join demo_admin a join vids v on v.n = 1 + i % (select count(*) from vids);`,
    },
  ];
}
