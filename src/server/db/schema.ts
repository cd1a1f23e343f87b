import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
