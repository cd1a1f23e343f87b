CREATE TABLE "hidden_targets" (
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"hidden_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_targets_target_type_target_id_pk" PRIMARY KEY("target_type","target_id")
);
--> statement-breakpoint
DROP INDEX "violation_reports_open_key";--> statement-breakpoint
ALTER TABLE "hidden_targets" ADD CONSTRAINT "hidden_targets_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "violation_reports_pending_key" ON "violation_reports" USING btree ("user_id","target_type","target_id") WHERE status in ('open', 'reviewing');--> statement-breakpoint
CREATE INDEX "violation_reports_target_idx" ON "violation_reports" USING btree ("target_type","target_id");--> statement-breakpoint
UPDATE "violation_reports" SET "status" = 'actioned' WHERE "status" = 'resolved';--> statement-breakpoint
UPDATE "violation_reports" SET "status" = 'dismissed' WHERE "status" = 'rejected';