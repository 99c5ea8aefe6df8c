CREATE TABLE "vendor_quote" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by_user_id" text NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"tier" integer,
	"terms" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"application_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"resent_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_quote_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "vendor_quote" ADD CONSTRAINT "vendor_quote_company_id_vendor_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_quote" ADD CONSTRAINT "vendor_quote_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_quote" ADD CONSTRAINT "vendor_quote_application_id_credit_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_application"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_quote_company_idx" ON "vendor_quote" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_quote_company_sent_idx" ON "vendor_quote" USING btree ("company_id","sent_at");