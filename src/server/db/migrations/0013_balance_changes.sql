-- The back office's balance changes over the whole ledger: newest first, and by kind (built CONCURRENTLY first on
-- PostgreSQL: db/concurrent-indexes.ts).
CREATE INDEX IF NOT EXISTS "token_ledger_created_idx" ON "token_ledger" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "token_ledger_kind_idx" ON "token_ledger" USING btree ("ref_type","created_at","id");
