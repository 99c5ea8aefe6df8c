ALTER TABLE "deal" ADD COLUMN "open_stips" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A deal's stips waiting for the dealer or the applicant (requested or rejected), kept on every write
-- to deal_stip, whatever path makes it (docs/product-rules.md#r55-stipulations).
CREATE FUNCTION deal_open_stips_maintain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status IN ('requested', 'rejected') THEN
    UPDATE deal SET open_stips = open_stips - 1 WHERE id = OLD.deal_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status IN ('requested', 'rejected') THEN
    UPDATE deal SET open_stips = open_stips + 1 WHERE id = NEW.deal_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER deal_open_stips_maintain AFTER INSERT OR DELETE OR UPDATE OF status, deal_id ON deal_stip
  FOR EACH ROW EXECUTE FUNCTION deal_open_stips_maintain();--> statement-breakpoint
UPDATE deal SET open_stips = counted.open
  FROM (SELECT deal_id, count(*)::int AS open FROM deal_stip WHERE status IN ('requested', 'rejected') GROUP BY deal_id) counted
  WHERE counted.deal_id = deal.id;--> statement-breakpoint
CREATE INDEX "deal_open_stips_idx" ON "deal" USING btree ("vendor_company_id","owner_user_id","stage","open_stips") WHERE "deal"."open_stips" > 0;--> statement-breakpoint
CREATE INDEX "deal_approval_expires_idx" ON "deal_approval" USING btree ("expires_on");
