-- The dashboard's counts of orders to ship and of videos in the media pipeline, and the back office's lists filtered by
-- them, read from the index alone (built CONCURRENTLY first on PostgreSQL: db/concurrent-indexes.ts). Each new index
-- is made before the one it replaces is dropped, so that the lists always have one.
CREATE INDEX IF NOT EXISTS "orders_delivery_kind_idx" ON "orders" USING btree ("delivery_status","created_at","id","product_type");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "videos_pipeline_idx" ON "videos" USING btree ("media_state","created_at","id") WHERE media_state <> 'ready' and status <> 'deleted';--> statement-breakpoint
DROP INDEX IF EXISTS "orders_delivery_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "videos_media_idx";
