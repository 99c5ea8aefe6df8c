ALTER TABLE "lead_status" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_status" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_status" ADD COLUMN "contact" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_status" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "deal_last_update_idx" ON "deal" USING btree ("last_update","id");--> statement-breakpoint
CREATE INDEX "deal_business_name_idx" ON "deal" USING btree ("business_name","id");--> statement-breakpoint
CREATE INDEX "lead_status_created_idx" ON "lead_status" USING btree ("created_at","lead_id");--> statement-breakpoint
CREATE INDEX "lead_status_title_idx" ON "lead_status" USING btree ("title","lead_id");--> statement-breakpoint
CREATE INDEX "lead_status_type_created_idx" ON "lead_status" USING btree ("lead_type","created_at","lead_id");--> statement-breakpoint
CREATE INDEX "lead_status_status_created_idx" ON "lead_status" USING btree ("status","created_at","lead_id");--> statement-breakpoint
CREATE INDEX "lead_status_assignee_created_idx" ON "lead_status" USING btree ("assignee_user_id","created_at","lead_id");--> statement-breakpoint
-- hand-written (lists)
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lead_status_search_idx" ON "lead_status" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deal_search_idx" ON "deal" USING gin ((lower("account_number" || ' ' || "business_name" || ' ' || "owners_name" || ' ' || "business_email") || ' ' || regexp_replace("business_phone", '\D', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_search_idx" ON "audit_log" USING gin ((lower("action" || ' ' || coalesce("subject", ''))) gin_trgm_ops);--> statement-breakpoint
-- Every lead stored before the index gets its row (server/modules/leads/lead-index.ts, reindexAllLeads).
insert into lead_status (lead_type, lead_id, created_at, title, contact, search_text)
  select 'questionnaire' as lead_type, l.id as lead_id, l.created_at, left(l.business_name || ' (' || l.name_of_owner || ')', 300) as title, l.business_phone as contact, lower(concat_ws(' ', l.business_name, l.name_of_owner)) || ' ' || regexp_replace(l.business_phone, '\D', '', 'g') as search_text
    from questionnaire_answer l  union all select 'picked-option' as lead_type, l.id as lead_id, l.created_at, left(l.business_name || ': ' || l.term || ' months', 300) as title, coalesce(a.name_of_owner || ' ' || a.business_phone, '') as contact, lower(concat_ws(' ', l.business_name, a.name_of_owner)) || ' ' || regexp_replace(coalesce(a.business_phone, ''), '\D', '', 'g') as search_text
    from picked_option l left join questionnaire_answer a on a.id = l.answer_id union all select 'credit-application' as lead_type, l.id as lead_id, l.created_at, left(l.business_name, 300) as title, l.business_phone || ' ' || l.business_email as contact, lower(concat_ws(' ', l.business_name, l.business_contact, l.business_email)) || ' ' || regexp_replace(l.business_phone, '\D', '', 'g') as search_text
    from credit_application l  union all select 'calculator' as lead_type, l.id as lead_id, l.created_at, left(l.first_name || ' ' || l.last_name, 300) as title, l.owner_phone || ' ' || l.owner_email as contact, lower(concat_ws(' ', l.first_name, l.last_name, l.owner_email)) || ' ' || regexp_replace(l.owner_phone, '\D', '', 'g') as search_text
    from calculator_lead l  union all select 'vendor-contact' as lead_type, l.id as lead_id, l.created_at, left(l.business_name || ' (' || l.contact_name || ')', 300) as title, l.phone_number || ' ' || l.email as contact, lower(concat_ws(' ', l.business_name, l.contact_name, l.email)) || ' ' || regexp_replace(l.phone_number, '\D', '', 'g') as search_text
    from vendor_contact l  union all select 'footer-message' as lead_type, l.id as lead_id, l.created_at, left(l.name_user || coalesce(' (' || nullif(l.name_of_business, '') || ')', '') || ': ' || l.message, 300) as title, l.email_user as contact, lower(concat_ws(' ', l.name_user, l.name_of_business, l.email_user)) || ' ' || regexp_replace('', '\D', '', 'g') as search_text
    from footer_message l 
  on conflict (lead_type, lead_id) do update set created_at = excluded.created_at, title = excluded.title, contact = excluded.contact, search_text = excluded.search_text;
