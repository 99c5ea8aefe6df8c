import { and, eq, ne } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";
import { partner } from "./tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { AppError } from "../shared/errors.ts";

const unknownCompany = () => new AppError("NOT_FOUND", "That vendor company does not exist. Choose one from the list.");
const companyTaken = (companyName: string, partnerName: string) =>
  new AppError(
    "CONFLICT",
    `${companyName} already has branding: the partner "${partnerName}". Set that partner's vendor company to none first.`,
  );

/**
 * The vendor company a partner's branding is saved for (docs/product-rules.md#r24-partner-branding): null for none
 * (empty or
 * absent). An unknown company is NOT_FOUND; a company another partner already brands is a
 * CONFLICT that names that partner (a company has one branding: partner.vendor_company_id is
 * unique). `partnerId` is the partner being edited, null for a new one.
 */
export async function brandedCompanyId(
  db: DbExecutor,
  vendorCompanyId: string | undefined,
  partnerId: string | null,
): Promise<string | null> {
  if (!vendorCompanyId) return null;
  const [company] = await db
    .select({ id: vendorCompany.id, name: vendorCompany.name })
    .from(vendorCompany)
    .where(eq(vendorCompany.id, vendorCompanyId));
  if (!company) throw unknownCompany();
  const [taken] = await db
    .select({ name: partner.name })
    .from(partner)
    .where(and(eq(partner.vendorCompanyId, company.id), partnerId ? ne(partner.id, partnerId) : undefined));
  if (taken) throw companyTaken(company.name, taken.name);
  return company.id;
}

type PgError = { code?: string; constraint?: string };

/**
 * A save that lost a race with another (the slug or the company taken meanwhile, the company
 * deleted meanwhile) as the same 4xx the checks before it give; any other error as it is.
 */
export function partnerSaveError(error: unknown): unknown {
  const found = ((error as { cause?: PgError }).cause ?? error) as PgError;
  if (found.code === "23505" && found.constraint === "partner_slug_unique")
    return new AppError("CONFLICT", "A partner with this slug exists.");
  if (found.code === "23505" && found.constraint === "partner_vendor_company_id_unique")
    return new AppError("CONFLICT", "That vendor company already has branding.");
  if (found.code === "23503" && found.constraint === "partner_vendor_company_id_vendor_company_id_fk")
    return unknownCompany();
  return error;
}
