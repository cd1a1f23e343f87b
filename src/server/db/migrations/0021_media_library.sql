-- The media library (modules/media-library): every picture, video and file the back office stored, once each by its
-- storage key, with the description items keep in their columns. Filled from the items' columns by the adoption that
-- runs once after the migrations (media-library/adopt.ts), and by every upload from then on.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "media_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"key" text NOT NULL,
	"stored" jsonb NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"mime_type" text DEFAULT '' NOT NULL,
	"width" integer,
	"height" integer,
	"uploaded_by" uuid CONSTRAINT "media_assets_uploaded_by_users_id_fk" REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_assets_kind_check" CHECK ("kind" in ('image', 'video', 'file'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "media_assets_key_key" ON "media_assets" USING btree ("key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_assets_newest_idx" ON "media_assets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_assets_kind_idx" ON "media_assets" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_assets_name_trgm_idx" ON "media_assets" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- "Where used": the items whose columns name a storage key, each found from an index (built CONCURRENTLY first on
-- PostgreSQL: db/concurrent-indexes.ts); a product's pictures by containment (`images @> '[{"key": …}]'`).
CREATE INDEX IF NOT EXISTS "banners_photo_key_idx" ON "banners" USING btree (("photo"->>'key'));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "galleries_cover_key_idx" ON "galleries" USING btree (("cover"->>'key'));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "photos_image_key_idx" ON "photos" USING btree (("image"->>'key'));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_image_key_idx" ON "posts" USING btree (("image"->>'key'));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_images_keys_idx" ON "products" USING gin ("images" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_file_key_idx" ON "products" USING btree (("file"->>'key'));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stories_cover_key_idx" ON "stories" USING btree (("cover"->>'key'));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "videos_thumbnail_key_idx" ON "videos" USING btree (("thumbnail"->>'key'));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "videos_video_key_idx" ON "videos" USING btree (("video"->>'key'));
