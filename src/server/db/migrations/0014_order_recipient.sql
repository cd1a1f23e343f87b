-- A physical order's recipient and country (ISO 3166-1 alpha-2), asked at checkout. A constant default: no rewrite of
-- the table, a moment's lock; orders made before (and downloads) keep '' and read as before.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "recipient_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "country" text DEFAULT '' NOT NULL;
