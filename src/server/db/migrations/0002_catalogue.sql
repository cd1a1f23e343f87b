-- Full-text search for the catalogue: English stems (websearch queries) plus the plain words (prefix queries for
-- short or partial words), weighted title > tags > text. Immutable so that it can feed a stored generated column.
CREATE OR REPLACE FUNCTION tessera_search_vector(title text, tags text[], body text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(tags, ' '), '')), 'B')
      || setweight(to_tsvector('simple'::regconfig, coalesce(array_to_string(tags, ' '), '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(body, '')), 'C')
      || setweight(to_tsvector('simple'::regconfig, coalesce(body, '')), 'D')
$$;
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"position" text DEFAULT 'top' NOT NULL,
	"photo" jsonb NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entitlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "galleries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"cover" jsonb NOT NULL,
	"num_of_items" integer DEFAULT 0 NOT NULL,
	"is_sale" boolean DEFAULT false NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"stat_views" integer DEFAULT 0 NOT NULL,
	"stat_likes" integer DEFAULT 0 NOT NULL,
	"stat_favourites" integer DEFAULT 0 NOT NULL,
	"stat_comments" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (tessera_search_vector(title, tags, description)) STORED,
	CONSTRAINT "galleries_price_non_negative" CHECK ("galleries"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target" text NOT NULL,
	"target_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"image" jsonb NOT NULL,
	"is_cover" boolean DEFAULT false NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"type" text DEFAULT 'post' NOT NULL,
	"title" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"image" jsonb,
	"stat_views" integer DEFAULT 0 NOT NULL,
	"stat_likes" integer DEFAULT 0 NOT NULL,
	"stat_favourites" integer DEFAULT 0 NOT NULL,
	"stat_comments" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (tessera_search_vector(title, tags, short_description || ' ' || regexp_replace(content, '<[^>]*>', ' ', 'g'))) STORED
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"price" integer NOT NULL,
	"stock" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file" jsonb,
	"stat_views" integer DEFAULT 0 NOT NULL,
	"stat_likes" integer DEFAULT 0 NOT NULL,
	"stat_favourites" integer DEFAULT 0 NOT NULL,
	"stat_comments" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (tessera_search_vector(name, tags, description)) STORED,
	CONSTRAINT "products_price_positive" CHECK ("products"."price" > 0),
	CONSTRAINT "products_stock_non_negative" CHECK ("products"."stock" is null or "products"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"object_type" text NOT NULL,
	"object_id" uuid NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"cover" jsonb NOT NULL,
	"is_sale" boolean DEFAULT false NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"stat_views" integer DEFAULT 0 NOT NULL,
	"stat_likes" integer DEFAULT 0 NOT NULL,
	"stat_favourites" integer DEFAULT 0 NOT NULL,
	"stat_comments" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (tessera_search_vector(title, tags, short_description)) STORED,
	CONSTRAINT "stories_price_non_negative" CHECK ("stories"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"thumbnail" jsonb NOT NULL,
	"video" jsonb NOT NULL,
	"teaser" jsonb,
	"is_sale" boolean DEFAULT false NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"is_schedule" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone,
	"stat_views" integer DEFAULT 0 NOT NULL,
	"stat_likes" integer DEFAULT 0 NOT NULL,
	"stat_favourites" integer DEFAULT 0 NOT NULL,
	"stat_comments" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (tessera_search_vector(title, tags, description)) STORED,
	CONSTRAINT "videos_price_non_negative" CHECK ("videos"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_position_idx" ON "banners" USING btree ("status","position","ordering");--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_member_item_key" ON "entitlements" USING btree ("user_id","item_type","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "galleries_slug_key" ON "galleries" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "galleries_search_idx" ON "galleries" USING gin ("search");--> statement-breakpoint
CREATE INDEX "galleries_categories_idx" ON "galleries" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "galleries_newest_idx" ON "galleries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "galleries_popular_idx" ON "galleries" USING btree ("status","stat_views");--> statement-breakpoint
CREATE INDEX "photos_target_idx" ON "photos" USING btree ("target","target_id","ordering");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_slug_key" ON "posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "posts_categories_idx" ON "posts" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "posts_newest_idx" ON "posts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "posts_popular_idx" ON "posts" USING btree ("status","stat_views");--> statement-breakpoint
CREATE INDEX "posts_type_idx" ON "posts" USING btree ("type","status","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_key" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search");--> statement-breakpoint
CREATE INDEX "products_categories_idx" ON "products" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("status","stat_views");--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "products" USING btree ("type","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reactions_member_object_action_key" ON "reactions" USING btree ("user_id","object_type","object_id","action");--> statement-breakpoint
CREATE UNIQUE INDEX "stories_slug_key" ON "stories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "stories_search_idx" ON "stories" USING gin ("search");--> statement-breakpoint
CREATE INDEX "stories_categories_idx" ON "stories" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "stories_newest_idx" ON "stories" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "stories_popular_idx" ON "stories" USING btree ("status","stat_views");--> statement-breakpoint
CREATE INDEX "stories_published_idx" ON "stories" USING btree ("status","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_slug_key" ON "videos" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos" USING gin ("search");--> statement-breakpoint
CREATE INDEX "videos_categories_idx" ON "videos" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "videos_newest_idx" ON "videos" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "videos_popular_idx" ON "videos" USING btree ("status","stat_views");