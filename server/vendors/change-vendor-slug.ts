import { eq, sql } from "drizzle-orm";
import { vendorSlugTaken } from "#domain/vendors/contracts.ts";
import type { Database } from "../db/client.ts";
import { vendorCompany } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";

/** The database's refusal of a second company with the slug (vendor_company_slug_key). */
const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505";
};

/**
 * A vendor company's new link address (/vendor_partner/<slug>, docs/product-rules.md#r22-every-company-has-a-link),
 * already checked by the
 * slug rule: refused when another company has it, or a partner's own slug reads the same
 * (resolve-vendor-link.ts would take the company's and hide the partner's page). The old address
 * stops working: nothing keeps it. Audited with both addresses.
 */
export async function changeVendorSlug(
  db: Database,
  actorId: string,
  companyId: string,
  slug: string,
): Promise<{ slug: string; previous: string }> {
  const taken = () => new AppError("CONFLICT", vendorSlugTaken, [{ path: "slug", message: vendorSlugTaken }]);
  try {
    return await db.transaction(async (tx) => {
      const [company] = await tx
        .select({ slug: vendorCompany.slug })
        .from(vendorCompany)
        .where(eq(vendorCompany.id, companyId))
        .for("update");
      if (!company) throw new AppError("NOT_FOUND", "Not found.");
      if (company.slug === slug) return { slug, previous: slug };
      const partners = (await tx.execute(
        sql`select 1 from partner where lower(slug) = ${slug} limit 1`,
      )) as unknown as { rows: unknown[] };
      if (partners.rows.length > 0) throw taken();
      await tx.update(vendorCompany).set({ slug }).where(eq(vendorCompany.id, companyId));
      await recordAudit(tx, {
        action: "vendor-company.slug-changed",
        actorUserId: actorId,
        subject: companyId,
        details: { from: company.slug, to: slug },
      });
      return { slug, previous: company.slug };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
