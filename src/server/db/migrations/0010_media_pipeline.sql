CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"purpose" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" text,
	"state" text DEFAULT 'uploading' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "thumbnail" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "teaser_start" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "media_state" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "media_progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "media_step" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "media_error" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "hls" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "strip" jsonb;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at");