-- The step-up window counts from the last factor proved (sign-in or confirm-identity), no longer from the session's start.
ALTER TABLE "session" RENAME COLUMN "reauthenticated_at" TO "factor_verified_at";--> statement-breakpoint
-- No device can be trusted to skip two-factor any more: the ones trusted before are forgotten.
DELETE FROM "verification" WHERE "identifier" LIKE 'trust-device-%';--> statement-breakpoint
ALTER TABLE "adverse_action_notice" ADD COLUMN "recipient_email" text;
--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD COLUMN "redelivery" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "vendor_quote_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"recipient_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_quote_mail" ADD CONSTRAINT "vendor_quote_mail_company_id_vendor_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "vendor_quote_mail_company_idx" ON "vendor_quote_mail" USING btree ("company_id","sent_at");
--> statement-breakpoint
-- Hand-written (issue 27). The secrets of a mail's links (their fragments), encrypted with the field
-- cipher while the mail waits; html, text and subject hold them hidden (server/modules/mail/hide-link-secrets.ts).
ALTER TABLE "mail_outbox" ADD COLUMN "link_secrets" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_to_created_idx" ON "mail_outbox" USING btree (lower("to"),"created_at");--> statement-breakpoint
-- Mails written before: every link's fragment hidden, as new rows keep them (a mail still pending goes out with its link hidden).
UPDATE "mail_outbox" SET
  "subject" = regexp_replace("subject", '(https?://[^\s"''<>#]+)#[^\s"''<>]+', '\1#[hidden]', 'g'),
  "html" = regexp_replace("html", '(https?://[^\s"''<>#]+)#[^\s"''<>]+', '\1#[hidden]', 'g'),
  "text" = regexp_replace("text", '(https?://[^\s"''<>#]+)#[^\s"''<>]+', '\1#[hidden]', 'g');--> statement-breakpoint
-- Verification identifiers as better-auth's storeIdentifier "hashed" keeps them (SHA-256, base64url
-- without padding), so reset and invitation links mailed before the upgrade keep working.
UPDATE "verification" SET "identifier" = rtrim(translate(encode(sha256(convert_to("identifier", 'UTF8')), 'base64'), '+/', '-_'), '=');
