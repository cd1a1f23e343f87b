import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StoredFile, StoredImage } from '../lib/media-types.ts';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull().default(sql`'{member}'::text[]`),
    avatar: text('avatar'),
    cover: text('cover'),
    balance: integer('balance').notNull().default(0),
    verifiedEmail: boolean('verified_email').notNull().default(false),
    status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    check('users_balance_non_negative', sql`${t.balance} >= 0`),
  ],
);

/** Revocable login sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Site settings: public ones are served by /settings/public, private ones never leave the server. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  group: text('group').notNull().default('general'),
  public: boolean('public').notNull().default(true),
  updatedAt: updatedAt(),
});

export const blockedCountries = pgTable('blocked_countries', {
  code: text('code').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Append-only token ledger: every change of a member's balance is one row, written in the same transaction as the
 * guarded update of users.balance. Entries are never edited; a correction is a new entry.
 */
export const tokenLedger = pgTable(
  'token_ledger',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    createdAt: createdAt(),
  },
  (t) => [index('token_ledger_user_idx').on(t.userId, t.createdAt), check('token_ledger_delta_non_zero', sql`${t.delta} <> 0`)],
);

/** Markers the application keeps about its own database (e.g. that the demo seed ran). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Categories of every content group (API.md: `_id, group, name, slug, description, ordering`). */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    group: text('group', { enum: ['video', 'gallery', 'story', 'product', 'post'] }).notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    ordering: integer('ordering').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_slug_key').on(t.slug), index('categories_group_idx').on(t.group, t.ordering)],
);

/** A generated full-text column (see tessera_search_vector in migration 0002). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const search = (expr: ReturnType<typeof sql>) => tsvector('search').generatedAlwaysAs(expr);
const slug = () => text('slug').notNull();
const categoryIds = () => uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`);
const tags = () => text('tags').array().notNull().default(sql`'{}'::text[]`);
const status = () => text('status', { enum: ['active', 'inactive'] }).notNull().default('active');
const priced = () => ({ isSale: boolean('is_sale').notNull().default(false), price: integer('price').notNull().default(0) });
const stats = () => ({
  views: integer('stat_views').notNull().default(0),
  likes: integer('stat_likes').notNull().default(0),
  favourites: integer('stat_favourites').notNull().default(0),
  comments: integer('stat_comments').notNull().default(0),
});
const image = (name: string) => jsonb(name).$type<StoredImage>();
/** The indexes every catalogue table has: slug, full text, categories, and the list orders. */
const catalogueIndexes = (name: string, t: { slug: never; search: never; categoryIds: never; createdAt: never; views: never; status: never }) => [
  uniqueIndex(`${name}_slug_key`).on(t.slug),
  index(`${name}_search_idx`).using('gin', t.search),
  index(`${name}_categories_idx`).using('gin', t.categoryIds),
  index(`${name}_newest_idx`).on(t.status, t.createdAt),
  index(`${name}_popular_idx`).on(t.status, t.views),
];

export const videos = pgTable(
  'videos',
  {
    id: id(),
    slug: slug(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: tags(),
    categoryIds: categoryIds(),
    thumbnail: image('thumbnail').notNull(),
    video: jsonb('video').$type<StoredFile>().notNull(),
    teaser: jsonb('teaser').$type<StoredFile>(),
    ...priced(),
    isSchedule: boolean('is_schedule').notNull().default(false),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    ...stats(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: search(sql`tessera_search_vector(title, tags, description)`),
  },
  (t) => [...catalogueIndexes('videos', t as never), check('videos_price_non_negative', sql`${t.price} >= 0`)],
);

export const galleries = pgTable(
  'galleries',
  {
    id: id(),
    slug: slug(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: tags(),
    categoryIds: categoryIds(),
    cover: image('cover').notNull(),
    numOfItems: integer('num_of_items').notNull().default(0),
    ...priced(),
    ...stats(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: search(sql`tessera_search_vector(title, tags, description)`),
  },
  (t) => [...catalogueIndexes('galleries', t as never), check('galleries_price_non_negative', sql`${t.price} >= 0`)],
);

export const photos = pgTable(
  'photos',
  {
    id: id(),
    target: text('target', { enum: ['gallery', 'video'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    title: text('title').notNull().default(''),
    image: image('image').notNull(),
    isCover: boolean('is_cover').notNull().default(false),
    ordering: integer('ordering').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('photos_target_idx').on(t.target, t.targetId, t.ordering)],
);

export const stories = pgTable(
  'stories',
  {
    id: id(),
    slug: slug(),
    title: text('title').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    tags: tags(),
    categoryIds: categoryIds(),
    cover: image('cover').notNull(),
    ...priced(),
    ...stats(),
    status: status(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Locked content must not be findable by its words: only the title, tags and teaser are indexed.
    search: search(sql`tessera_search_vector(title, tags, short_description)`),
  },
  (t) => [
    ...catalogueIndexes('stories', t as never),
    index('stories_published_idx').on(t.status, t.publishedAt),
    check('stories_price_non_negative', sql`${t.price} >= 0`),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: id(),
    slug: slug(),
    type: text('type', { enum: ['post', 'page'] }).notNull().default('post'),
    title: text('title').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    tags: tags(),
    categoryIds: categoryIds(),
    image: image('image'),
    ...stats(),
    status: status(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: search(sql`tessera_search_vector(title, tags, short_description || ' ' || regexp_replace(content, '<[^>]*>', ' ', 'g'))`),
  },
  (t) => [...catalogueIndexes('posts', t as never), index('posts_type_idx').on(t.type, t.status, t.publishedAt)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    slug: slug(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: ['digital', 'physical'] }).notNull(),
    price: integer('price').notNull(),
    /** Units in stock (physical products); null for digital ones. */
    stock: integer('stock'),
    tags: tags(),
    categoryIds: categoryIds(),
    images: jsonb('images').$type<StoredImage[]>().notNull().default(sql`'[]'::jsonb`),
    /** The downloadable file of a digital product; never sent to a client. */
    file: jsonb('file').$type<StoredFile>(),
    ...stats(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: search(sql`tessera_search_vector(name, tags, description)`),
  },
  (t) => [
    ...catalogueIndexes('products', t as never),
    index('products_type_idx').on(t.type, t.status, t.createdAt),
    check('products_price_positive', sql`${t.price} > 0`),
    check('products_stock_non_negative', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

/** Site promos (banners), shown by position. */
export const banners = pgTable(
  'banners',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    link: text('link').notNull().default(''),
    position: text('position', { enum: ['top', 'middle', 'bottom'] }).notNull().default('top'),
    photo: image('photo').notNull(),
    ordering: integer('ordering').notNull().default(0),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index('banners_position_idx').on(t.status, t.position, t.ordering)],
);

/** What a member may see of priced items: one row per member and item (written by the token issue's purchases). */
export const entitlements = pgTable(
  'entitlements',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ['video', 'gallery', 'story', 'product'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('entitlements_member_item_key').on(t.userId, t.itemType, t.itemId)],
);

/** A member's like, favourite or watch-later mark on an item (one per member, item and action). */
export const reactions = pgTable(
  'reactions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    objectType: text('object_type', { enum: ['video', 'gallery', 'story', 'product', 'post', 'comment'] }).notNull(),
    objectId: uuid('object_id').notNull(),
    action: text('action', { enum: ['like', 'favourite', 'watch_later'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reactions_member_object_action_key').on(t.userId, t.objectType, t.objectId, t.action)],
);
