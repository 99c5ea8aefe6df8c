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
