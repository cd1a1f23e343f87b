-- Data at scale: one index per filter and order a list offers (public lists: partial indexes on what is public; the
-- back office: on what is not withdrawn), the ledger's entries by what they book, trigram search of members.
-- On PostgreSQL every CREATE/DROP INDEX IF [NOT] EXISTS below is first run CONCURRENTLY, outside the migration's
-- transaction, by db/concurrent-indexes.ts: on a big live database they never block writes, and here they find the
-- work done. pg_trgm is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Each item's own copy of its moderation state (schema.ts `hidden`), read by the lists from their index.
ALTER TABLE "videos" ADD COLUMN IF NOT EXISTS "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN IF NOT EXISTS "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN IF NOT EXISTS "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "videos" t SET "hidden" = true FROM "hidden_targets" h WHERE h."target_type" = 'video' AND h."target_id" = t."id";--> statement-breakpoint
UPDATE "galleries" t SET "hidden" = true FROM "hidden_targets" h WHERE h."target_type" = 'gallery' AND h."target_id" = t."id";--> statement-breakpoint
UPDATE "stories" t SET "hidden" = true FROM "hidden_targets" h WHERE h."target_type" = 'story' AND h."target_id" = t."id";--> statement-breakpoint
UPDATE "posts" t SET "hidden" = true FROM "hidden_targets" h WHERE h."target_type" = 'post' AND h."target_id" = t."id";--> statement-breakpoint
UPDATE "products" t SET "hidden" = true FROM "hidden_targets" h WHERE h."target_type" = 'product' AND h."target_id" = t."id";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "entitlements_member_newest_idx" ON "entitlements" USING btree ("user_id","item_type","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "galleries_public_newest_idx" ON "galleries" USING btree ("created_at","id","hidden","scheduled_at","is_sale","category_ids") WHERE status = 'active' and cover is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "galleries_public_popular_idx" ON "galleries" USING btree ("stat_views","created_at","id") WHERE status = 'active' and cover is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "galleries_public_title_idx" ON "galleries" USING btree ("title","created_at","id") WHERE status = 'active' and cover is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "galleries_public_price_idx" ON "galleries" USING btree ("price","created_at","id") WHERE status = 'active' and cover is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "galleries_admin_newest_idx" ON "galleries" USING btree ("created_at","id") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "galleries_admin_title_idx" ON "galleries" USING btree ("title","id") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_delivery_idx" ON "orders" USING btree ("delivery_status","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_kind_idx" ON "orders" USING btree ("product_type","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_product_name_trgm_idx" ON "orders" USING gin (("product_info"->>'name') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_transactions_package_idx" ON "payment_transactions" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_transactions_created_idx" ON "payment_transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_transactions_amount_idx" ON "payment_transactions" USING btree ("amount_minor","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_transactions_status_idx" ON "payment_transactions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_transactions_gateway_idx" ON "payment_transactions" USING btree ("gateway","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_transactions_settled_idx" ON "payment_transactions" USING btree ("status","settled_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "photos_ordering_idx" ON "photos" USING btree ("ordering","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "photos_created_idx" ON "photos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_public_newest_idx" ON "posts" USING btree ("published_at","id","hidden","type","category_ids") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_public_popular_idx" ON "posts" USING btree ("stat_views","published_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_public_title_idx" ON "posts" USING btree ("title","published_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_admin_newest_idx" ON "posts" USING btree ("created_at","id") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_admin_title_idx" ON "posts" USING btree ("title","id") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_public_newest_idx" ON "products" USING btree ("created_at","id","hidden","scheduled_at","type","category_ids") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_public_popular_idx" ON "products" USING btree ("stat_views","created_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_public_title_idx" ON "products" USING btree ("name","created_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_public_price_idx" ON "products" USING btree ("price","created_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_admin_newest_idx" ON "products" USING btree ("created_at","id") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_admin_title_idx" ON "products" USING btree ("name","id") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reactions_member_newest_idx" ON "reactions" USING btree ("user_id","action","object_type","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stories_public_newest_idx" ON "stories" USING btree ("published_at","id","hidden","is_sale","category_ids") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stories_public_popular_idx" ON "stories" USING btree ("stat_views","published_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stories_public_title_idx" ON "stories" USING btree ("title","published_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stories_public_price_idx" ON "stories" USING btree ("price","published_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stories_admin_newest_idx" ON "stories" USING btree ("created_at","id") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stories_admin_title_idx" ON "stories" USING btree ("title","id") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "token_ledger_ref_idx" ON "token_ledger" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "token_transactions_created_idx" ON "token_transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "token_transactions_price_idx" ON "token_transactions" USING btree ("total_price","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "token_transactions_type_idx" ON "token_transactions" USING btree ("type","status","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "token_transactions_status_idx" ON "token_transactions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "token_transactions_bought_trgm_idx" ON "token_transactions" USING gin ((coalesce("target_info"->>'title', '') || ' ' || jsonb_path_query_array("products", '$[*].name')::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_balance_idx" ON "users" USING btree ("balance","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_status_idx" ON "users" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_admins_idx" ON "users" USING btree ("created_at") WHERE 'admin' = any(roles);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin (("username" || ' ' || "email" || ' ' || "name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_public_search_trgm_idx" ON "users" USING gin (("username" || ' ' || "name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_idx" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "videos_public_newest_idx" ON "videos" USING btree ("created_at","id","hidden","is_schedule","scheduled_at","is_sale","category_ids") WHERE status = 'active' and (media_state = 'ready' or hls is not null);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "videos_public_popular_idx" ON "videos" USING btree ("stat_views","created_at","id") WHERE status = 'active' and (media_state = 'ready' or hls is not null);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "videos_public_title_idx" ON "videos" USING btree ("title","created_at","id") WHERE status = 'active' and (media_state = 'ready' or hls is not null);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "videos_public_price_idx" ON "videos" USING btree ("price","created_at","id") WHERE status = 'active' and (media_state = 'ready' or hls is not null);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "videos_admin_newest_idx" ON "videos" USING btree ("created_at","id") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "videos_admin_title_idx" ON "videos" USING btree ("title","id") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "videos_media_idx" ON "videos" USING btree ("created_at","id") WHERE media_state <> 'ready';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "violation_reports_queue_idx" ON "violation_reports" USING btree ("created_at","id") WHERE status in ('open', 'reviewing');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "violation_reports_kind_idx" ON "violation_reports" USING btree ("target_type","status","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "violation_reports_type_idx" ON "violation_reports" USING btree ("type","status","created_at");--> statement-breakpoint
DROP INDEX IF EXISTS "galleries_popular_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "posts_popular_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_popular_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "stories_popular_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "videos_popular_idx";--> statement-breakpoint
-- A thread's total is its counter (comments.repository.ts), which now leaves out what moderation hid: recount the few
-- items and comments that have hidden comments.
UPDATE "videos" t SET "stat_comments" = (SELECT count(*) FROM "comments" c WHERE c."object_type" = 'video' AND c."object_id" = t."id"
  AND NOT EXISTS (SELECT 1 FROM "hidden_targets" h WHERE h."target_type" = 'comment' AND h."target_id" = c."id"))
WHERE t."id" IN (SELECT c."object_id" FROM "comments" c JOIN "hidden_targets" h ON h."target_type" = 'comment' AND h."target_id" = c."id" WHERE c."object_type" = 'video');--> statement-breakpoint
UPDATE "galleries" t SET "stat_comments" = (SELECT count(*) FROM "comments" c WHERE c."object_type" = 'gallery' AND c."object_id" = t."id"
  AND NOT EXISTS (SELECT 1 FROM "hidden_targets" h WHERE h."target_type" = 'comment' AND h."target_id" = c."id"))
WHERE t."id" IN (SELECT c."object_id" FROM "comments" c JOIN "hidden_targets" h ON h."target_type" = 'comment' AND h."target_id" = c."id" WHERE c."object_type" = 'gallery');--> statement-breakpoint
UPDATE "stories" t SET "stat_comments" = (SELECT count(*) FROM "comments" c WHERE c."object_type" = 'story' AND c."object_id" = t."id"
  AND NOT EXISTS (SELECT 1 FROM "hidden_targets" h WHERE h."target_type" = 'comment' AND h."target_id" = c."id"))
WHERE t."id" IN (SELECT c."object_id" FROM "comments" c JOIN "hidden_targets" h ON h."target_type" = 'comment' AND h."target_id" = c."id" WHERE c."object_type" = 'story');--> statement-breakpoint
UPDATE "products" t SET "stat_comments" = (SELECT count(*) FROM "comments" c WHERE c."object_type" = 'product' AND c."object_id" = t."id"
  AND NOT EXISTS (SELECT 1 FROM "hidden_targets" h WHERE h."target_type" = 'comment' AND h."target_id" = c."id"))
WHERE t."id" IN (SELECT c."object_id" FROM "comments" c JOIN "hidden_targets" h ON h."target_type" = 'comment' AND h."target_id" = c."id" WHERE c."object_type" = 'product');--> statement-breakpoint
UPDATE "posts" t SET "stat_comments" = (SELECT count(*) FROM "comments" c WHERE c."object_type" = 'post' AND c."object_id" = t."id"
  AND NOT EXISTS (SELECT 1 FROM "hidden_targets" h WHERE h."target_type" = 'comment' AND h."target_id" = c."id"))
WHERE t."id" IN (SELECT c."object_id" FROM "comments" c JOIN "hidden_targets" h ON h."target_type" = 'comment' AND h."target_id" = c."id" WHERE c."object_type" = 'post');--> statement-breakpoint
UPDATE "comments" t SET "total_reply" = (SELECT count(*) FROM "comments" c WHERE c."object_type" = 'comment' AND c."object_id" = t."id"
  AND NOT EXISTS (SELECT 1 FROM "hidden_targets" h WHERE h."target_type" = 'comment' AND h."target_id" = c."id"))
WHERE t."id" IN (SELECT c."object_id" FROM "comments" c JOIN "hidden_targets" h ON h."target_type" = 'comment' AND h."target_id" = c."id" WHERE c."object_type" = 'comment');
