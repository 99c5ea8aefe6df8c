import { eq } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";
import { vendorCompany } from "../vendors/tables.ts";

/** A company's link slug (/vendor_partner/<slug>, docs/product-rules.md#r22-every-company-has-a-link): quotes and the widget snippet link to it. */
export async function vendorSlugOf(db: DbExecutor, companyId: string): Promise<string> {
  const [row] = await db
    .select({ slug: vendorCompany.slug })
    .from(vendorCompany)
    .where(eq(vendorCompany.id, companyId));
  return row?.slug ?? "";
}
