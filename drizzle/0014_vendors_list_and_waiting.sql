ALTER TABLE "deal" ADD COLUMN "awaiting_reply_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deal_awaiting_reply_idx" ON "deal" USING btree ("last_update","id") WHERE "deal"."awaiting_reply_since" is not null;--> statement-breakpoint
CREATE INDEX "vendor_company_name_idx" ON "vendor_company" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "vendor_company_created_idx" ON "vendor_company" USING btree ("created_at","id");--> statement-breakpoint
-- Hand-written (issue 17). "Waiting for us": a deal whose last message is the vendor's waits since
-- the first vendor message after the team's last one (or the first message, if staff never wrote).
UPDATE "deal" d SET "awaiting_reply_since" = w.since
  FROM (
    SELECT m.deal_id, min(m.created_at) AS since
      FROM "deal_message" m
      WHERE m.author_role = 'vendor'
        AND m.created_at > coalesce((SELECT max(s.created_at) FROM "deal_message" s WHERE s.deal_id = m.deal_id AND s.author_role = 'staff'), '-infinity'::timestamptz)
      GROUP BY m.deal_id
  ) w
  WHERE d.id = w.deal_id;--> statement-breakpoint
-- The vendors list's search (issue 17): the company's name, its users' names and e-mails, partial
-- and case-insensitive (server/modules/vendors/list-vendors.ts matches these very expressions).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendor_company_search_idx" ON "vendor_company" USING gin ((lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_vendor_search_idx" ON "user" USING gin ((lower("name" || ' ' || "email")) gin_trgm_ops) WHERE "role" = 'vendor';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_vendor_company_idx" ON "user" ("vendor_company_id") WHERE "vendor_company_id" IS NOT NULL;
