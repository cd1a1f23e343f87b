import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { HlsManifest, StoredFile, StoredImage, ThumbnailStrip } from '../lib/media/media-types.ts';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Accounts whose closing day is set and not yet carried out (the predicate of `users_closing_idx`, written as such in its queries). */
export const CLOSING_ACCOUNTS = `closing_at is not null and status <> 'closed'`;

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{member}'::text[]`),
    avatar: text('avatar'),
    cover: text('cover'),
    bio: text('bio').notNull().default(''),
    country: text('country'),
    language: text('language'),
    phone: text('phone'),
    gender: text('gender'),
    balance: integer('balance').notNull().default(0),
    verifiedEmail: boolean('verified_email').notNull().default(false),
    /** `inactive`: banned; `closed`: the member closed their account and it was erased (the row stays for accounting). */
    status: text('status', { enum: ['active', 'inactive', 'closed'] })
      .notNull()
      .default('active'),
    /** The member asked to close their account: when it is erased unless they log in before (null: not closing); once erased, when it was. */
    closingAt: timestamp('closing_at', { withTimezone: true, mode: 'date' }),
    /** The balance the member asked a refund of when closing (the operator's settings offered it); null: none asked. */
    closureRefundTokens: integer('closure_refund_tokens'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    // The back office's member list: newest, most tokens, a status, the admins; its search (any part of the username,
    // e-mail or name: one trigram index over the three, read by the same expression); the public member search by name.
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_balance_idx').on(t.balance, t.createdAt, t.id),
    index('users_status_idx').on(t.status, t.createdAt, t.id),
    index('users_admins_idx')
      .on(t.createdAt)
      .where(sql`'admin' = any(roles)`),
    index('users_search_trgm_idx').using('gin', sql`(${t.username} || ' ' || ${t.email} || ' ' || ${t.name}) gin_trgm_ops`),
    index('users_public_search_trgm_idx').using('gin', sql`(${t.username} || ' ' || ${t.name}) gin_trgm_ops`),
    index('users_name_idx').on(t.name, t.id),
    // Closures waiting for their day: the hourly erase and the back office's "Closing" list.
    index('users_closing_idx').on(t.closingAt, t.id).where(sql.raw(CLOSING_ACCOUNTS)),
    check('users_balance_non_negative', sql`${t.balance} >= 0`),
  ],
);

/** Revocable login sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The country of the login's address (the local GeoIP database), for the member's list of devices. */
    country: text('country'),
    /** When the session was last used, to within a few minutes (auth.service.ts `authenticate`). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** The addresses a member has logged in from: a throttled account still lets these in (issue 12). */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

/**
 * A member's second factor (TOTP, issue 36). The secret is encrypted (AES-256-GCM, a key from TOTP_KEY or the data
 * folder: lib/auth/totp-key.ts), so a dump of the database alone gives nobody a code. `enabledAt` is null while the
 * setup waits for its first code; `lastStep` is the time step of the last code accepted, so a code works once.
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes of a second factor: only their SHA-256 (with the member's id) is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('recovery_codes_hash_key').on(t.codeHash), index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A member's passkeys (WebAuthn, issue 36): the credential's id and public key, neither a secret (a dump of them
 * lets nobody sign a login: the private key never leaves the member's authenticator), its signature counter, its
 * transports (hints for the browser) and the name the member gave it.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as browsers send it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * The challenges of WebAuthn ceremonies under way: each is used once (deleted as it is checked) and lives a few
 * minutes. In the database, so a ceremony begun on one process can end on another. `userId` is the member adding a
 * passkey; null for a login (a discoverable credential: the passkey says whose it is).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('passkey_challenges_expiry_idx').on(t.expiresAt)],
);

/** Site settings: public ones are served by /settings/public, private ones never leave the server. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  group: text('group').notNull().default('general'),
  public: boolean('public').notNull().default(true),
  updatedAt: updatedAt(),
});

/** The operator's wording of a mail (shared/mail-kinds.ts names them); no row: the default wording, sent. */
export const mailTemplates = pgTable('mail_templates', {
  key: text('key').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  actionLabel: text('action_label').notNull().default(''),
  smallPrint: text('small_print').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('token_ledger_user_idx').on(t.userId, t.createdAt),
    // The back office's balance changes: every member's, newest first, and by kind (a payment's, a spend's, a grant).
    index('token_ledger_created_idx').on(t.createdAt, t.id),
    index('token_ledger_kind_idx').on(t.refType, t.createdAt, t.id),
    // The entries of one spend or payment (a refund finds its payment's credit; ledger check reads them by kind).
    index('token_ledger_ref_idx').on(t.refType, t.refId),
    check('token_ledger_delta_non_zero', sql`${t.delta} <> 0`),
  ],
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
    /** The category this one is under (same group); a deleted parent's children move up to its own parent. */
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    index('categories_group_idx').on(t.group, t.ordering),
    index('categories_parent_idx').on(t.parentId),
    check('categories_not_own_parent', sql`${t.parentId} <> ${t.id}`),
  ],
);

/** A generated full-text column (see tessera_search_vector in migration 0002). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const search = (expr: ReturnType<typeof sql>) => tsvector('search').generatedAlwaysAs(expr);
const slug = () => text('slug').notNull();
const categoryIds = () =>
  uuid('category_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`);
const tags = () =>
  text('tags')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
/**
 * `active`: published; `inactive`: a draft or unpublished; `deleted`: in the back office's trash (`deletedAt`), or, once
 * purged from there while members' records point at it, a tombstone (`purgedAt`) kept for its buyers.
 */
const status = () =>
  text('status', { enum: ['active', 'inactive', 'deleted'] })
    .notNull()
    .default('active');
/**
 * The trash of a content table (modules/content/trash.ts): when the item was deleted, the address and the status it had
 * then (a restore gives both back; null status: withdrawn before the trash existed, restored as a draft), and when it
 * was purged from the trash but kept as a tombstone because members' purchases, orders or grants point at it.
 */
const trash = () => ({
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  deletedSlug: text('deleted_slug'),
  deletedStatus: text('deleted_status', { enum: ['active', 'inactive'] }),
  purgedAt: timestamp('purged_at', { withTimezone: true, mode: 'date' }),
});
/** Hidden from the public until this time (null: at once). */
const scheduledAt = () => timestamp('scheduled_at', { withTimezone: true, mode: 'date' });
const priced = () => ({ isSale: boolean('is_sale').notNull().default(false), price: integer('price').notNull().default(0) });
const stats = () => ({
  views: integer('stat_views').notNull().default(0),
  likes: integer('stat_likes').notNull().default(0),
  favourites: integer('stat_favourites').notNull().default(0),
  comments: integer('stat_comments').notNull().default(0),
});
/**
 * Hidden by moderation: a copy, on the item's own row, of its `hidden_targets` entry (which says why and by whom),
 * kept by the same transaction (reports.repository.ts), so that a list tests it from its index instead of probing
 * `hidden_targets` for every row it reads.
 */
const hidden = () => ({ hidden: boolean('hidden').notNull().default(false) });
const image = (name: string) => jsonb(name).$type<StoredImage>();
/**
 * What makes a catalogue item public, apart from its release time: the predicate of the public lists' partial indexes.
 * The public queries write the very same SQL (catalogue/tables.ts), so that PostgreSQL can use these indexes from a
 * prepared statement's generic plan, where a parameter (`status = $1`) would not prove the predicate.
 */
export const PUBLIC_WHERE = {
  videos: `status = 'active' and (media_state = 'ready' or hls is not null)`,
  galleries: `status = 'active' and cover is not null`,
  stories: `status = 'active'`,
  posts: `status = 'active'`,
  products: `status = 'active'`,
} as const;
/** The back office's lists: every item but the withdrawn ones (the predicate of their partial indexes, see PUBLIC_WHERE). */
export const NOT_DELETED = `status <> 'deleted'`;
/**
 * What a resource's trash holds: deleted, not yet purged (the predicate of its partial index `<table>_trash_idx` on
 * `(deleted_at, id)`, which serves both the trash list, newest deleted first, and the purge job, oldest first).
 */
export const IN_TRASH = `status = 'deleted' and purged_at is null`;

type IndexColumn = Parameters<ReturnType<typeof index>['on']>[0];
/** The trash's index of a table: literal predicate, as the trash queries write it (modules/content/trash.ts). */
const trashIndex = (name: string, t: { deletedAt: IndexColumn; id: IndexColumn }) => index(`${name}_trash_idx`).on(t.deletedAt, t.id).where(sql.raw(IN_TRASH));
interface CatalogueIndexColumns {
  deletedAt: IndexColumn;
  hidden: IndexColumn;
  slug: IndexColumn;
  search: IndexColumn;
  categoryIds: IndexColumn;
  createdAt: IndexColumn;
  views: IndexColumn;
  status: IndexColumn;
  id: IndexColumn;
}
/**
 * The indexes every catalogue table has: slug, full text, categories, the back office's state filter, and one
 * partial index per order a list offers (public: newest/oldest by `dated`, popular, by name `title`, by `price`; back
 * office: newest, by name; the trash). A field order breaks ties in its own direction (catalogue/query.ts
 * `listOrder`), so one index serves both directions. The public newest index also carries the columns the public
 * filters read (`covering`), so that a list's count (db/lists.ts) is an index-only scan.
 */
function catalogueIndexes(
  name: keyof typeof PUBLIC_WHERE,
  t: CatalogueIndexColumns,
  o: { dated: IndexColumn; title: IndexColumn; price?: IndexColumn; covering: IndexColumn[] },
) {
  const publicOnly = sql.raw(PUBLIC_WHERE[name]);
  const notDeleted = sql.raw(NOT_DELETED);
  return [
    uniqueIndex(`${name}_slug_key`).on(t.slug),
    index(`${name}_search_idx`).using('gin', t.search),
    index(`${name}_categories_idx`).using('gin', t.categoryIds),
    index(`${name}_newest_idx`).on(t.status, t.createdAt),
    index(`${name}_public_newest_idx`)
      .on(o.dated, t.id, t.hidden, ...o.covering, t.categoryIds)
      .where(publicOnly),
    index(`${name}_public_popular_idx`).on(t.views, o.dated, t.id).where(publicOnly),
    index(`${name}_public_title_idx`).on(o.title, o.dated, t.id).where(publicOnly),
    ...(o.price ? [index(`${name}_public_price_idx`).on(o.price, o.dated, t.id).where(publicOnly)] : []),
    index(`${name}_admin_newest_idx`).on(t.createdAt, t.id).where(notDeleted),
    index(`${name}_admin_title_idx`).on(o.title, t.id).where(notDeleted),
    trashIndex(name, t),
  ];
}

export type MediaState = 'processing' | 'ready' | 'failed';

export const videos = pgTable(
  'videos',
  {
    id: id(),
    slug: slug(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: tags(),
    categoryIds: categoryIds(),
    /** The poster: the operator's picture, or (when none was given) a frame the media pipeline took from the video. */
    thumbnail: image('thumbnail'),
    /** The source file, streamed with Range requests until the renditions are made (and for downloads). */
    video: jsonb('video').$type<StoredFile>().notNull(),
    /** The public teaser of a priced video: 10 s at 360p from `teaserStart`, made by the media pipeline. */
    teaser: jsonb('teaser').$type<StoredFile>(),
    teaserStart: real('teaser_start').notNull().default(0),
    /** The resumable upload the source came from (null: seeded or uploaded in one piece). */
    uploadId: text('upload_id'),
    /** Where the media pipeline is: only `ready` videos are shown to members and visitors. */
    mediaState: text('media_state').$type<MediaState>().notNull().default('ready'),
    mediaProgress: integer('media_progress').notNull().default(0),
    mediaStep: text('media_step'),
    mediaError: text('media_error'),
    hls: jsonb('hls').$type<HlsManifest>(),
    strip: jsonb('strip').$type<ThumbnailStrip>(),
    ...priced(),
    isSchedule: boolean('is_schedule').notNull().default(false),
    scheduledAt: scheduledAt(),
    ...stats(),
    ...hidden(),
    status: status(),
    ...trash(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: search(sql`tessera_search_vector(title, tags, description)`),
  },
  (t) => [
    ...catalogueIndexes('videos', t, { dated: t.createdAt, title: t.title, price: t.price, covering: [t.isSchedule, t.scheduledAt, t.isSale] }),
    // The back office's "in the media pipeline" filter and the dashboard's counts of it: the few videos not ready, by
    // state, newest first, counted from the index alone (its predicate is the literal SQL both write).
    index('videos_pipeline_idx')
      .on(t.mediaState, t.createdAt, t.id)
      .where(sql`media_state <> 'ready' and status <> 'deleted'`),
    // The media library's "where used" (modules/media-library): the items whose pictures or files name a storage key.
    index('videos_thumbnail_key_idx').on(sql`(${t.thumbnail}->>'key')`),
    index('videos_video_key_idx').on(sql`(${t.video}->>'key')`),
    check('videos_price_non_negative', sql`${t.price} >= 0`),
  ],
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
    /** The cover photo's image; null while the gallery has no photos (it cannot be published then). */
    cover: image('cover'),
    numOfItems: integer('num_of_items').notNull().default(0),
    ...priced(),
    ...stats(),
    ...hidden(),
    status: status(),
    ...trash(),
    scheduledAt: scheduledAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: search(sql`tessera_search_vector(title, tags, description)`),
  },
  (t) => [
    ...catalogueIndexes('galleries', t, { dated: t.createdAt, title: t.title, price: t.price, covering: [t.scheduledAt, t.isSale] }),
    index('galleries_cover_key_idx').on(sql`(${t.cover}->>'key')`),
    check('galleries_price_non_negative', sql`${t.price} >= 0`),
  ],
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
  (t) => [
    index('photos_target_idx').on(t.target, t.targetId, t.ordering),
    // Every public photo (no target given), in the list's orders.
    index('photos_ordering_idx').on(t.ordering, t.createdAt),
    index('photos_created_idx').on(t.createdAt),
    index('photos_image_key_idx').on(sql`(${t.image}->>'key')`),
  ],
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
    ...hidden(),
    status: status(),
    ...trash(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Locked content must not be findable by its words: only the title, tags and teaser are indexed.
    search: search(sql`tessera_search_vector(title, tags, short_description)`),
  },
  (t) => [
    ...catalogueIndexes('stories', t, { dated: t.publishedAt, title: t.title, price: t.price, covering: [t.isSale] }),
    index('stories_published_idx').on(t.status, t.publishedAt),
    index('stories_cover_key_idx').on(sql`(${t.cover}->>'key')`),
    check('stories_price_non_negative', sql`${t.price} >= 0`),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: id(),
    slug: slug(),
    type: text('type', { enum: ['post', 'page'] })
      .notNull()
      .default('post'),
    title: text('title').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    tags: tags(),
    categoryIds: categoryIds(),
    image: image('image'),
    ...stats(),
    ...hidden(),
    status: status(),
    ...trash(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: search(sql`tessera_search_vector(title, tags, short_description || ' ' || regexp_replace(content, '<[^>]*>', ' ', 'g'))`),
  },
  (t) => [
    ...catalogueIndexes('posts', t, { dated: t.publishedAt, title: t.title, covering: [t.type] }),
    index('posts_type_idx').on(t.type, t.status, t.publishedAt),
    index('posts_image_key_idx').on(sql`(${t.image}->>'key')`),
  ],
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
    images: jsonb('images')
      .$type<StoredImage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The downloadable file of a digital product; never sent to a client. */
    file: jsonb('file').$type<StoredFile>(),
    ...stats(),
    ...hidden(),
    status: status(),
    ...trash(),
    scheduledAt: scheduledAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: search(sql`tessera_search_vector(name, tags, description)`),
  },
  (t) => [
    ...catalogueIndexes('products', t, { dated: t.createdAt, title: t.name, price: t.price, covering: [t.scheduledAt, t.type] }),
    index('products_type_idx').on(t.type, t.status, t.createdAt),
    // `images @> '[{"key": …}]'`: which products show a picture.
    index('products_images_keys_idx').using('gin', t.images.op('jsonb_path_ops')),
    index('products_file_key_idx').on(sql`(${t.file}->>'key')`),
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
    position: text('position', { enum: ['top', 'middle', 'bottom'] })
      .notNull()
      .default('top'),
    photo: image('photo').notNull(),
    ordering: integer('ordering').notNull().default(0),
    status: status(),
    ...trash(),
    /** Shown from this time (null: at once) until `endsAt` (null: no end). */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('banners_position_idx').on(t.status, t.position, t.ordering),
    trashIndex('banners', t),
    index('banners_photo_key_idx').on(sql`(${t.photo}->>'key')`),
  ],
);

/** What a member may see of priced items: one row per member and item (written by the token issue's purchases). */
export const entitlements = pgTable(
  'entitlements',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ['video', 'gallery', 'story', 'product'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    /**
     * How the member came to hold the item: bought it (a spend or a checkout), or an operator's grant of free access
     * (modules/grants: no ledger movement, revocable, maybe until `expiresAt`). The one access rule reads both alike
     * (catalogue/held.ts).
     */
    source: text('source', { enum: ['purchase', 'grant'] })
      .notNull()
      .default('purchase'),
    /** A grant's end (null: for good; a purchase has none). Past it the member no longer holds the item. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A grant's reason, as the operator wrote it (a support gesture, a gift, a review copy). */
    reason: text('reason'),
    /** The admin who granted it. */
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('entitlements_member_item_key').on(t.userId, t.itemType, t.itemId),
    // A member's purchases of one kind, newest first.
    index('entitlements_member_newest_idx').on(t.userId, t.itemType, t.createdAt, t.id),
    // Whether anyone holds an item: the trash's purge keeps a held item as a tombstone (modules/content/trash.ts).
    index('entitlements_item_idx').on(t.itemType, t.itemId),
  ],
);

/** Who viewed which item in which hour (a hashed member id or address), so a view counts once per visitor per hour. */
export const itemViews = pgTable(
  'item_views',
  {
    visitor: text('visitor').notNull(),
    itemId: uuid('item_id').notNull(),
    /** Hours since the epoch. */
    hour: integer('hour').notNull(),
  },
  (t) => [primaryKey({ columns: [t.visitor, t.itemId, t.hour] }), index('item_views_hour_idx').on(t.hour)],
);

/** A member's like, favourite or watch-later mark on an item (one per member, item and action). */
export const reactions = pgTable(
  'reactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectType: text('object_type', { enum: ['video', 'gallery', 'story', 'product', 'post', 'comment'] }).notNull(),
    objectId: uuid('object_id').notNull(),
    action: text('action', { enum: ['like', 'favourite', 'watch_later'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reactions_member_object_action_key').on(t.userId, t.objectType, t.objectId, t.action),
    // A member's favourites (watch later, likes) of one kind, newest first.
    index('reactions_member_newest_idx').on(t.userId, t.action, t.objectType, t.createdAt, t.id),
  ],
);

/** What members buy with money: a number of tokens for a price (in minor units of `currency`). */
export const tokenPackages = pgTable(
  'token_packages',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tokens: integer('tokens').notNull(),
    /** Price in minor units (cents); the wire shows major units. */
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    ordering: integer('ordering').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('token_packages_active_idx').on(t.isActive, t.ordering),
    check('token_packages_tokens_positive', sql`${t.tokens} > 0`),
    check('token_packages_price_positive', sql`${t.priceMinor} > 0`),
  ],
);

/** Money in: one row per attempt to buy a token package; moves pending → success | failed exactly once. */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    packageId: uuid('package_id')
      .notNull()
      .references(() => tokenPackages.id, { onDelete: 'restrict' }),
    gateway: text('gateway', { enum: ['test', 'stripe'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    tokens: integer('tokens').notNull(),
    status: text('status', { enum: ['pending', 'success', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    /** The provider's id for the checkout (a Stripe Checkout Session id). */
    providerRef: text('provider_ref'),
    /** The coupon this payment used (its code as the member typed it, upper-cased), or null; `amountMinor` is after it. */
    couponCode: text('coupon_code'),
    /** What the coupon took off the package's price, in minor units of `currency` (0: none). */
    discountMinor: integer('discount_minor').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_transactions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payment_transactions_provider_ref_key').on(t.gateway, t.providerRef),
    // A package's payments (the foreign key's own lookups, the back office's count per package).
    index('payment_transactions_package_idx').on(t.packageId),
    // The back office's payments: newest/oldest, largest amount, a status, a gateway.
    index('payment_transactions_created_idx').on(t.createdAt, t.id),
    index('payment_transactions_amount_idx').on(t.amountMinor, t.createdAt, t.id),
    index('payment_transactions_status_idx').on(t.status, t.createdAt, t.id),
    index('payment_transactions_gateway_idx').on(t.gateway, t.createdAt, t.id),
    // The dashboard's money in per day: settled payments by their settle time.
    index('payment_transactions_settled_idx').on(t.status, t.settledAt),
  ],
);

/** Every webhook event a provider delivered, once: the UNIQUE key makes a replayed event a no-op. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_gateway_event_key').on(t.gateway, t.eventId)],
);

export interface PurchasedLine {
  productId: string;
  name: string;
  quantity: number;
  price: number;
}

/** Tokens out: an unlock of one item, or one cart checkout (`products`). */
export const tokenTransactions = pgTable(
  'token_transactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type', { enum: ['video', 'gallery', 'story', 'product'] }).notNull(),
    /** The unlocked item (null for a cart checkout). */
    targetId: uuid('target_id'),
    /** Title, slug and picture of the item at the time of purchase. */
    targetInfo: jsonb('target_info')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    products: jsonb('products')
      .$type<PurchasedLine[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The tokens debited (after a coupon's discount). */
    totalPrice: integer('total_price').notNull(),
    /** The coupon this spend used, or null. */
    couponCode: text('coupon_code'),
    /** The tokens the coupon took off (0: none); `totalPrice + discount` is the price before it. */
    discount: integer('discount').notNull().default(0),
    status: text('status', { enum: ['success', 'refunded'] })
      .notNull()
      .default('success'),
    /** The client's `Idempotency-Key`: a retried request finds this row and gets the same answer. */
    idempotencyKey: text('idempotency_key'),
    /** A digest of the request that used idempotencyKey, so the key reused for another request is told apart. */
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('token_transactions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('token_transactions_idempotency_key').on(t.userId, t.idempotencyKey),
    // The back office's spends: newest/oldest, by price, a kind (and status), a status.
    index('token_transactions_created_idx').on(t.createdAt, t.id),
    index('token_transactions_price_idx').on(t.totalPrice, t.createdAt, t.id),
    index('token_transactions_type_idx').on(t.type, t.status, t.createdAt, t.id),
    index('token_transactions_status_idx').on(t.status, t.createdAt, t.id),
    // The back office's search of what was bought (token-transactions.repository.ts boughtText).
    index('token_transactions_bought_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.targetInfo}->>'title', '') || ' ' || jsonb_path_query_array(${t.products}, '$[*].name')::text) gin_trgm_ops`,
    ),
    check('token_transactions_total_positive', sql`${t.totalPrice} > 0`),
  ],
);

/** One order per product line of a checkout. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number').notNull(),
    tokenTransactionId: uuid('token_transaction_id')
      .notNull()
      .references(() => tokenTransactions.id, { onDelete: 'restrict' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    productInfo: jsonb('product_info').$type<Record<string, unknown>>().notNull(),
    productType: text('product_type', { enum: ['digital', 'physical'] }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    totalPrice: integer('total_price').notNull(),
    deliveryStatus: text('delivery_status', { enum: ['processing', 'shipping', 'delivered', 'refunded'] }).notNull(),
    shippingCode: text('shipping_code').notNull().default(''),
    /** The recipient of a physical order (not necessarily the buyer); '' for a download and for orders made before it was asked. */
    recipientName: text('recipient_name').notNull().default(''),
    /** Lines as the buyer typed them (the pages keep the line breaks). */
    deliveryAddress: text('delivery_address').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    /** ISO 3166-1 alpha-2 of the delivery address ('' as for `recipientName`). */
    country: text('country').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    userNote: text('user_note').notNull().default(''),
    buyerConfirmedAt: timestamp('buyer_confirmed_at', { withTimezone: true, mode: 'date' }),
    /** Counted downloads of a digital product (limited per purchase). */
    downloadCount: integer('download_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt),
    index('orders_product_idx').on(t.productId, t.buyerId),
    index('orders_created_idx').on(t.createdAt),
    // The back office's orders by delivery state and by kind; the dashboard's physical orders to ship are counted from
    // the first index alone (its last column, the kind).
    index('orders_delivery_kind_idx').on(t.deliveryStatus, t.createdAt, t.id, t.productType),
    index('orders_kind_idx').on(t.productType, t.createdAt, t.id),
    // The back office's search by product name (orders.repository.ts).
    index('orders_product_name_trgm_idx').using('gin', sql`(${t.productInfo}->>'name') gin_trgm_ops`),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Delivery files an admin attached to an order. */
export const orderFiles = pgTable(
  'order_files',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    file: jsonb('file').$type<StoredFile>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_files_order_idx').on(t.orderId)],
);

/** Every request for a purchased file; `counted` ones use up the purchase's download limit. */
export const downloads = pgTable(
  'downloads',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    counted: boolean('counted').notNull(),
    range: text('range'),
    /** The signature of the link that asked (one grant); continuation ranges of a counted transfer belong to it. */
    grant: text('grant'),
    /** How many bytes this request asked for. */
    bytes: bigint('bytes', { mode: 'number' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('downloads_order_idx').on(t.orderId, t.createdAt), index('downloads_grant_idx').on(t.orderId, t.grant, t.createdAt)],
);

/** Single-use links mailed to a member: e-mail verification and password reset. Only the hash is kept. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'change_email', 'login_second_factor'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** `change_email`: the address the member asked for (their account keeps its own until the link is opened). */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_tokens_hash_key').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Comments on catalogue items; a reply is a comment whose object is another comment. */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    objectType: text('object_type', { enum: ['video', 'gallery', 'story', 'product', 'post', 'comment'] }).notNull(),
    objectId: uuid('object_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    attachment: jsonb('attachment').$type<{ url: string; width: number; height: number }>(),
    totalReply: integer('total_reply').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comments_object_idx').on(t.objectType, t.objectId, t.createdAt), index('comments_user_idx').on(t.userId)],
);

/** The moderation queue: reports not yet decided (the predicate of its partial index, written as such in its query). */
export const REPORT_QUEUE = `status in ('open', 'reviewing')`;

/** A member's report about an item or a comment; one open report per member and target. */
export const violationReports = pgTable(
  'violation_reports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    targetType: text('target_type', { enum: ['video', 'gallery', 'story', 'product', 'post', 'comment'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    description: text('description').notNull().default(''),
    /** `open` → `reviewing` (an operator took it) → `actioned` (something was done) or `dismissed`. */
    status: text('status', { enum: ['open', 'reviewing', 'actioned', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('violation_reports_pending_key')
      .on(t.userId, t.targetType, t.targetId)
      .where(sql`status in ('open', 'reviewing')`),
    index('violation_reports_status_idx').on(t.status, t.createdAt),
    index('violation_reports_target_idx').on(t.targetType, t.targetId),
    index('violation_reports_queue_idx').on(t.createdAt, t.id).where(sql.raw(REPORT_QUEUE)),
    // The back office's reports by what was reported and by reason, within a status.
    index('violation_reports_kind_idx').on(t.targetType, t.status, t.createdAt),
    index('violation_reports_type_idx').on(t.type, t.status, t.createdAt),
    // The back office's search of the queue: any part of the description or the kind.
    index('violation_reports_search_trgm_idx').using('gin', sql`(${t.description} || ' ' || ${t.type}) gin_trgm_ops`),
  ],
);

/**
 * Items and comments hidden by moderation (an operator, or `REPORT_AUTOHIDE_COUNT` open reports): off every public
 * list, page, search and comment thread until an operator unhides them; buyers keep what they bought.
 */
export const hiddenTargets = pgTable(
  'hidden_targets',
  {
    targetType: text('target_type', { enum: ['video', 'gallery', 'story', 'product', 'post', 'comment'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** `reports`: hidden automatically by open reports; `operator`: by the back office. */
    reason: text('reason', { enum: ['reports', 'operator'] }).notNull(),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.targetType, t.targetId] })],
);

/** Member-created events (meet-ups, live shows). */
export const events = pgTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('events_end_after_start', sql`${t.endAt} > ${t.startAt}`), index('events_list_idx').on(t.status, t.endAt, t.startAt)],
);

/** Every write made in the back office: who, when, what, and the item before and after (null: it did not exist). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin's username then (kept when the account goes). */
    actorName: text('actor_name').notNull(),
    resource: text('resource').notNull(),
    targetId: text('target_id'),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_target_idx').on(t.resource, t.targetId, t.createdAt)],
);

/**
 * A resumable (tus) upload of the back office. Its bytes live in the upload store (DATA_DIR/uploads, or S3) until the
 * media pipeline takes them; this row says whose it is, what it was checked to be and whether it is finished.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The tus upload id (also the last segment of its URL). */
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').$type<'video' | 'image'>().notNull(),
    name: text('name').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** What its bytes were found to be, once complete (e.g. video/mp4). */
    mimeType: text('mime_type'),
    state: text('state').$type<'uploading' | 'complete' | 'failed'>().notNull().default('uploading'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('uploads_created_idx').on(t.createdAt)],
);

/**
 * A discount code (modules/coupons): a percent or a fixed amount off token packages (money, in minor units of
 * `currency`) or off token checkouts (tokens), maybe only for one kind or one item, between `startsAt` and `endsAt`,
 * `maxUses` in all (null: no limit) and `maxUsesPerMember`. `uses` counts the redemptions not given back; it only moves
 * by a guarded UPDATE in the purchase's own transaction.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    /** Upper case, A–Z, 0–9, '-' and '_'; UNIQUE. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** Percent 1–100, or the fixed amount (minor units for packages, tokens for checkouts). */
    amount: integer('amount').notNull(),
    appliesTo: text('applies_to', { enum: ['packages', 'tokens'] }).notNull(),
    /** Packages: only those priced in this currency (required with a fixed amount or a minimum); null for checkouts. */
    currency: text('currency'),
    /** Checkouts: only products of this kind ('digital' | 'physical'); null: any. */
    itemKind: text('item_kind'),
    /** Only this token package (packages) or product (checkouts); null: any. */
    itemId: uuid('item_id'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    maxUses: integer('max_uses'),
    maxUsesPerMember: integer('max_uses_per_member'),
    /** The least the purchase must cost before the discount (minor units for packages, tokens for checkouts). */
    minimum: integer('minimum').notNull().default(0),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    // The back office's list: newest first (all, active or not, of one kind), by code, a code's beginning.
    index('coupons_created_idx').on(t.createdAt, t.id),
    index('coupons_active_idx').on(t.active, t.createdAt, t.id),
    index('coupons_applies_idx').on(t.appliesTo, t.createdAt, t.id),
    index('coupons_code_prefix_idx').using('btree', sql`${t.code} text_pattern_ops`),
    check('coupons_uses_in_range', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check('coupons_amount_positive', sql`${t.amount} > 0 and (${t.kind} <> 'percent' or ${t.amount} <= 100)`),
  ],
);

/** One use of a coupon: by a payment (packages) or a spend (checkouts); `releasedAt` when a refund or a failure gave it back. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id').references(() => paymentTransactions.id, { onDelete: 'restrict' }),
    tokenTransactionId: uuid('token_transaction_id').references(() => tokenTransactions.id, { onDelete: 'restrict' }),
    /** Minor units of the payment's currency, or tokens. */
    discount: integer('discount').notNull(),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // The per-member limit: a member's uses of a coupon not given back.
    index('coupon_redemptions_member_idx')
      .on(t.couponId, t.userId)
      .where(sql`released_at is null`),
    uniqueIndex('coupon_redemptions_payment_key').on(t.paymentId),
    uniqueIndex('coupon_redemptions_spend_key').on(t.tokenTransactionId),
    index('coupon_redemptions_user_idx').on(t.userId),
    // The dashboard's discounts of a period.
    index('coupon_redemptions_created_idx').on(t.createdAt),
    check('coupon_redemptions_one_purchase', sql`(${t.paymentId} is null) <> (${t.tokenTransactionId} is null)`),
  ],
);

/**
 * The media library (modules/media-library): every picture, video and file the back office stored, once each, by its
 * storage key. `stored` is the description an item's column holds (StoredImage, or StoredFile for a video or a file);
 * items keep their own copy, and an asset is "used" while an item's column names its key. Newest first, by kind, and
 * by name (trigrams), each from its index.
 */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: id(),
    kind: text('kind', { enum: ['image', 'video', 'file'] }).notNull(),
    name: text('name').notNull().default(''),
    key: text('key').notNull(),
    stored: jsonb('stored').$type<StoredImage | StoredFile>().notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    mimeType: text('mime_type').notNull().default(''),
    width: integer('width'),
    height: integer('height'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('media_assets_key_key').on(t.key),
    index('media_assets_newest_idx').on(t.createdAt, t.id),
    index('media_assets_kind_idx').on(t.kind, t.createdAt, t.id),
    index('media_assets_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('media_assets_kind_check', sql`${t.kind} in ('image', 'video', 'file')`),
  ],
);

/**
 * A member's "Download my data" (modules/data-export): queued, then written by a job into storage as one zip under a
 * private key, mailed as a link that works for 24 hours and only for its owner. At most one queued or running export
 * per member (the partial unique index: a second request while one runs is a 409, even from two processes at once).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['queued', 'running', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    /** The zip's storage key once written (private: never under the public media prefix). */
    storageKey: text('storage_key'),
    /** The zip's bytes once written. */
    size: bigint('size', { mode: 'number' }),
    /** SHA-256 of the mailed link's secret: a database dump alone does not give the link. */
    linkHash: text('link_hash'),
    createdAt: createdAt(),
    /** When the link stops working and the file is removed (set once it is ready: 24 hours later). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('data_exports_one_running_key')
      .on(t.userId)
      .where(sql`state in ('queued', 'running')`),
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    // The hourly sweep: expired files still stored.
    index('data_exports_expires_idx')
      .on(t.expiresAt)
      .where(sql`storage_key is not null`),
    check('data_exports_state_check', sql`${t.state} in ('queued', 'running', 'ready', 'failed')`),
  ],
);
