import { sql } from "drizzle-orm";
import { businessDayOf } from "#domain/site/business-day.ts";
import type { Database } from "../db/client.ts";
import { vendorLinkVisit } from "./tables.ts";
import { resolveVendorLink } from "./resolve-vendor-link.ts";

/** One more visit to a company's link today: a counter, no personal data (docs/product-rules.md#r25-link-visits). */
export async function countVisit(db: Database, slug: string, now: Date, timeZone: string): Promise<boolean> {
  const company = (await resolveVendorLink(db, slug))?.company;
  if (!company) return false;
  await db
    .insert(vendorLinkVisit)
    .values({
      vendorCompanyId: company.id,
      day: businessDayOf(now, timeZone),
      ownerUserId: company.repUserId ?? "",
      visits: 1,
    })
    .onConflictDoUpdate({
      target: [vendorLinkVisit.vendorCompanyId, vendorLinkVisit.day, vendorLinkVisit.ownerUserId],
      set: { visits: sql`${vendorLinkVisit.visits} + 1` },
    });
  return true;
}
