CREATE TABLE "vendor_link_visit" (
	"vendor_company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_link_visit_vendor_company_id_day_pk" PRIMARY KEY("vendor_company_id","day")
);
--> statement-breakpoint
ALTER TABLE "deal" ALTER COLUMN "submitted_by_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "calculator_lead" ADD COLUMN "vendor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_application" ADD COLUMN "vendor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "source" text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "referral_lead_type" text;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "referral_lead_id" uuid;--> statement-breakpoint
ALTER TABLE "partner" ADD COLUMN "vendor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "questionnaire_answer" ADD COLUMN "vendor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "vendor_company" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_link_visit" ADD CONSTRAINT "vendor_link_visit_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculator_lead" ADD CONSTRAINT "calculator_lead_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_application" ADD CONSTRAINT "credit_application_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner" ADD CONSTRAINT "partner_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answer" ADD CONSTRAINT "questionnaire_answer_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calculator_lead_vendor_idx" ON "calculator_lead" USING btree ("vendor_company_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_application_vendor_idx" ON "credit_application" USING btree ("vendor_company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_referral_lead_idx" ON "deal" USING btree ("referral_lead_type","referral_lead_id");--> statement-breakpoint
CREATE INDEX "questionnaire_answer_vendor_idx" ON "questionnaire_answer" USING btree ("vendor_company_id","created_at");--> statement-breakpoint
ALTER TABLE "partner" ADD CONSTRAINT "partner_vendor_company_id_unique" UNIQUE("vendor_company_id");--> statement-breakpoint
-- hand-written (vendor-links)
-- Every vendor company has a link slug (issue 18). The rule is domain/vendors/vendor-slug.ts
-- (slugFromName): lower case, runs of anything but a-z and 0-9 become one "-", trimmed, at most
-- 50 characters; "company" when nothing is left; the company code is appended when another
-- company or a partner already has it. An insert that leaves the slug empty gets one here.
CREATE FUNCTION vendor_company_slug_for(company_name text, code text, company_id uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text := trim(both '-' from left(trim(both '-' from regexp_replace(lower(company_name), '[^a-z0-9]+', '-', 'g')), 50));
BEGIN
  IF base = '' THEN base := 'company'; END IF;
  IF EXISTS (SELECT 1 FROM vendor_company WHERE slug = base AND id IS DISTINCT FROM company_id)
     OR EXISTS (SELECT 1 FROM partner WHERE lower(slug) = base) THEN
    base := base || '-' || code;
  END IF;
  RETURN base;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION vendor_company_default_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slug IS NULL OR NEW.slug = '' THEN
    NEW.slug := vendor_company_slug_for(NEW.name, NEW.company_code, NEW.id);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE company record;
BEGIN
  FOR company IN SELECT id, name, company_code FROM vendor_company WHERE slug = '' ORDER BY created_at, id LOOP
    UPDATE vendor_company SET slug = vendor_company_slug_for(company.name, company.company_code, company.id) WHERE id = company.id;
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_company_slug_key" ON "vendor_company" ("slug");
--> statement-breakpoint
CREATE TRIGGER vendor_company_slug BEFORE INSERT OR UPDATE OF slug ON vendor_company
  FOR EACH ROW EXECUTE FUNCTION vendor_company_default_slug();
