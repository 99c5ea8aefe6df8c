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
