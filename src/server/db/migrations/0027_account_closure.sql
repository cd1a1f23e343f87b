ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "closing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "closure_refund_tokens" integer;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_closing_idx" ON "users" USING btree ("closing_at","id") WHERE closing_at is not null and status <> 'closed';
