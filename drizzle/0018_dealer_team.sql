ALTER TABLE "vendor_link_visit" DROP CONSTRAINT "vendor_link_visit_vendor_company_id_day_pk";--> statement-breakpoint
ALTER TABLE "vendor_link_visit" ADD COLUMN "owner_user_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_link_visit" ADD CONSTRAINT "vendor_link_visit_vendor_company_id_day_owner_user_id_pk" PRIMARY KEY("vendor_company_id","day","owner_user_id");--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "owner_user_id" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "dealer_role" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "link_code" text;--> statement-breakpoint
ALTER TABLE "vendor_quote" ADD COLUMN "owner_user_id" text;--> statement-breakpoint
-- Filled before the indexes below are built: each update would otherwise maintain them row by row.
-- Every vendor so far saw the whole company: each stays an admin of it until an admin says otherwise.
UPDATE "user" SET "dealer_role" = 'dealer-admin' WHERE "role" = 'vendor';--> statement-breakpoint
UPDATE "deal" SET "owner_user_id" = "submitted_by_user_id" WHERE "submitted_by_user_id" IS NOT NULL;--> statement-breakpoint
UPDATE "vendor_quote" SET "owner_user_id" = "created_by_user_id";--> statement-breakpoint
-- Each vendor's own code in the company's link: 8 lower-case letters and digits.
UPDATE "user" SET "link_code" = substr(md5(random()::text || "id"), 1, 8) WHERE "role" = 'vendor';--> statement-breakpoint
ALTER TABLE "deal" ADD CONSTRAINT "deal_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_quote" ADD CONSTRAINT "vendor_quote_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_company_owner_period_idx" ON "deal" USING btree ("vendor_company_id","owner_user_id","year_in_file","month_submitted","last_update");--> statement-breakpoint
CREATE INDEX "deal_company_owner_idx" ON "deal" USING btree ("vendor_company_id","owner_user_id","last_update");--> statement-breakpoint
CREATE INDEX "vendor_quote_owner_idx" ON "vendor_quote" USING btree ("company_id","owner_user_id","created_at");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_link_code_unique" UNIQUE("link_code");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_dealer_role_check" CHECK ("dealer_role" IN ('dealer-admin', 'sales-rep'));
