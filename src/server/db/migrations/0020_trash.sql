-- The back office's trash (issue 35, part 3; modules/admin/trash.ts): a deleted item keeps when it was deleted, the
-- address and the status it had (a restore gives both back), and, once purged while members' records point at it,
-- when it became a tombstone. Nullable columns without a default: no rewrite of the tables, a moment's lock each.
-- On PostgreSQL the indexes are first built CONCURRENTLY by db/concurrent-indexes.ts (after these columns).
ALTER TABLE "videos" ADD COLUMN IF NOT EXISTS "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN IF NOT EXISTS "deleted_slug" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN IF NOT EXISTS "deleted_status" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN IF NOT EXISTS "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN IF NOT EXISTS "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN IF NOT EXISTS "deleted_slug" text;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN IF NOT EXISTS "deleted_status" text;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN IF NOT EXISTS "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN IF NOT EXISTS "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN IF NOT EXISTS "deleted_slug" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN IF NOT EXISTS "deleted_status" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN IF NOT EXISTS "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "deleted_slug" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "deleted_status" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "deleted_slug" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "deleted_status" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN IF NOT EXISTS "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN IF NOT EXISTS "deleted_slug" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN IF NOT EXISTS "deleted_status" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN IF NOT EXISTS "purged_at" timestamp with time zone;--> statement-breakpoint
-- The trash of each table, newest deleted first, and the purge job's oldest first: one partial index on what it holds.
CREATE INDEX IF NOT EXISTS "videos_trash_idx" ON "videos" USING btree ("deleted_at","id") WHERE status = 'deleted' and purged_at is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "galleries_trash_idx" ON "galleries" USING btree ("deleted_at","id") WHERE status = 'deleted' and purged_at is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stories_trash_idx" ON "stories" USING btree ("deleted_at","id") WHERE status = 'deleted' and purged_at is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_trash_idx" ON "posts" USING btree ("deleted_at","id") WHERE status = 'deleted' and purged_at is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_trash_idx" ON "products" USING btree ("deleted_at","id") WHERE status = 'deleted' and purged_at is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "banners_trash_idx" ON "banners" USING btree ("deleted_at","id") WHERE status = 'deleted' and purged_at is null;--> statement-breakpoint
-- Whether anyone holds an item (a purge keeps a held item as a tombstone): one probe instead of a scan of entitlements.
CREATE INDEX IF NOT EXISTS "entitlements_item_idx" ON "entitlements" USING btree ("item_type","item_id");--> statement-breakpoint
-- Items withdrawn before the trash existed enter it today, so that an operator has TRASH_DAYS to bring one back before
-- the purge job takes it: their address as it was before the withdrawal renamed it (`<slug>-deleted-<8 hex>`), no
-- status (restored as a draft). Only the withdrawn rows are touched. Banners were removed outright: none to carry over.
UPDATE "videos" SET "deleted_at" = now(), "deleted_slug" = regexp_replace("slug", '-deleted-[0-9a-f]{8}$', '') WHERE "status" = 'deleted' AND "deleted_at" IS NULL;--> statement-breakpoint
UPDATE "galleries" SET "deleted_at" = now(), "deleted_slug" = regexp_replace("slug", '-deleted-[0-9a-f]{8}$', '') WHERE "status" = 'deleted' AND "deleted_at" IS NULL;--> statement-breakpoint
UPDATE "stories" SET "deleted_at" = now(), "deleted_slug" = regexp_replace("slug", '-deleted-[0-9a-f]{8}$', '') WHERE "status" = 'deleted' AND "deleted_at" IS NULL;--> statement-breakpoint
UPDATE "posts" SET "deleted_at" = now(), "deleted_slug" = regexp_replace("slug", '-deleted-[0-9a-f]{8}$', '') WHERE "status" = 'deleted' AND "deleted_at" IS NULL;--> statement-breakpoint
UPDATE "products" SET "deleted_at" = now(), "deleted_slug" = regexp_replace("slug", '-deleted-[0-9a-f]{8}$', '') WHERE "status" = 'deleted' AND "deleted_at" IS NULL;
