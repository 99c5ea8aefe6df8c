import { eq, sql, type SQL } from "drizzle-orm";
import { vendorSlug } from "#domain/quotes/vendor-slug.ts";
import type { DbExecutor } from "../../db/client.ts";
import { vendorCompany } from "../../db/schema.ts";

// Until the vendor-links branch stores a slug per company, the slug is computed from the name
// with domain/quotes/vendor-slug.ts's rule (here and in SQL). At merge both give way to its column.

const slugSql: SQL = sql`trim(both '-' from regexp_replace(lower(${vendorCompany.name}), '[^a-z0-9]+', '-', 'g'))`;

export async function vendorSlugOf(db: DbExecutor, companyId: string): Promise<string> {
  const [row] = await db.select({ name: vendorCompany.name }).from(vendorCompany).where(eq(vendorCompany.id, companyId));
  return row ? vendorSlug(row.name) : "";
}

export async function findVendorCompanyBySlug(db: DbExecutor, slug: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db.select({ id: vendorCompany.id, name: vendorCompany.name }).from(vendorCompany).where(eq(slugSql, slug)).limit(1);
  return row ?? null;
}
