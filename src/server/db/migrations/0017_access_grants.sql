-- An operator's grants of free access live beside purchases (modules/grants): how the member came to hold an item, a
-- grant's end, reason and admin. Columns with constant defaults: no rewrite of the table, a moment's lock.
ALTER TABLE "entitlements" ADD COLUMN IF NOT EXISTS "source" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "entitlements" ADD COLUMN IF NOT EXISTS "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entitlements" ADD COLUMN IF NOT EXISTS "reason" text;--> statement-breakpoint
ALTER TABLE "entitlements" ADD COLUMN IF NOT EXISTS "granted_by" uuid;--> statement-breakpoint
-- NOT VALID: checked for every row written from now on, without reading the existing rows (all null) under a lock.
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action NOT VALID;
