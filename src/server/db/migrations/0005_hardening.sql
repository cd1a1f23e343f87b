CREATE TABLE "item_views" (
	"visitor" text NOT NULL,
	"item_id" uuid NOT NULL,
	"hour" integer NOT NULL,
	CONSTRAINT "item_views_visitor_item_id_hour_pk" PRIMARY KEY("visitor","item_id","hour")
);
--> statement-breakpoint
CREATE TABLE "login_addresses" (
	"user_id" uuid NOT NULL,
	"ip" text NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_addresses_user_id_ip_pk" PRIMARY KEY("user_id","ip")
);
--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "grant" text;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "bytes" bigint;--> statement-breakpoint
ALTER TABLE "token_transactions" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "login_addresses" ADD CONSTRAINT "login_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_views_hour_idx" ON "item_views" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "downloads_grant_idx" ON "downloads" USING btree ("order_id","grant","created_at");