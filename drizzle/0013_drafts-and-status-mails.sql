CREATE TABLE "credit_application_draft" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email_hash" text NOT NULL,
	"payload_encrypted" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "credit_application_draft_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "status_mail_opt_out" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_mail_opt_out_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "credit_application_draft_email_idx" ON "credit_application_draft" USING btree ("email_hash","created_at");--> statement-breakpoint
CREATE INDEX "credit_application_draft_expires_idx" ON "credit_application_draft" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "status_mail_opt_out_token_created_idx" ON "status_mail_opt_out_token" USING btree ("created_at");