-- The back office's search of the report queue, by trigrams (built CONCURRENTLY first on PostgreSQL: db/concurrent-indexes.ts).
CREATE INDEX IF NOT EXISTS "violation_reports_search_trgm_idx" ON "violation_reports" USING gin (("description" || ' ' || "type") gin_trgm_ops);--> statement-breakpoint
-- PostgreSQL keeps statistics of an index's expression only from the table's next ANALYZE, which autovacuum starts
-- after enough writes, not after a new index: without them it takes every search of these expressions (0011's and
-- this one's) for a rare one and reads all its matches (8 ms for a report search instead of 0.4 on 50,000 reports).
-- ANALYZE reads a sample (30,000 rows), takes no lock that writes wait for, and is quick at any size.
ANALYZE "violation_reports", "users", "token_transactions", "orders";
