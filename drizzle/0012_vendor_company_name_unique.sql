-- Companies that already share a name (ignoring case and white space) keep it for the oldest one;
-- every later one gets its company ID appended, "Ola Equipment (company ID 654321)". Deterministic,
-- loses nothing, and staff can tell them apart on the vendors screen; company IDs are unique, so
-- the renamed names are too (if one still collides, creating the index below fails the migration).
UPDATE "vendor_company" AS "later"
SET "name" = btrim("later"."name") || ' (company ID ' || "later"."company_code" || ')'
WHERE EXISTS (
  SELECT 1 FROM "vendor_company" AS "earlier"
  WHERE lower(regexp_replace("earlier"."name", '[[:space:]]+', '', 'g')) = lower(regexp_replace("later"."name", '[[:space:]]+', '', 'g'))
    AND ("earlier"."created_at", "earlier"."id") < ("later"."created_at", "later"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_company_name_key" ON "vendor_company" USING btree (lower(regexp_replace("name", '[[:space:]]+', '', 'g')));
