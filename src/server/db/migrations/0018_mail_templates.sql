-- The operator's wording of the site's mails (modules/mail): one row per mail they changed or switched off.
CREATE TABLE IF NOT EXISTS "mail_templates" (
	"key" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"action_label" text DEFAULT '' NOT NULL,
	"small_print" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
