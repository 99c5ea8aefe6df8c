import { asc, eq, sql } from "drizzle-orm";
import { automaticActor } from "#domain/deals/deal-field-labels.ts";
import { vendorNameOf } from "#domain/deals/direct-deals.ts";
import type { Database } from "../db/client.ts";
import { vendorWroteLast } from "./list-all-deals.ts";
import { referredThrough } from "./create-referred-deal.ts";
import { user } from "../auth/tables.ts";
import { deal, dealClient, dealHistory } from "./tables.ts";
import { vendorCompany } from "../vendors/tables.ts";

/**
 * A deal for the back office: sensitive client numbers stay masked (docs/product-rules.md#r5-sensitive-numbers).
 * A direct deal has no vendor company: its vendor reads "Direct".
 */
export async function dealDetail(db: Database, dealId: string) {
  const [row] = await db
    .select({ deal, companyName: vendorCompany.name, vendorEmail: user.email, vendorWroteLast })
    .from(deal)
    .leftJoin(vendorCompany, eq(vendorCompany.id, deal.vendorCompanyId))
    .leftJoin(user, eq(user.id, deal.ownerUserId))
    .where(eq(deal.id, dealId));
  if (!row) return null;
  const [client] = await db.select().from(dealClient).where(eq(dealClient.dealId, dealId));
  const history = await db
    .select({
      field: dealHistory.field,
      from: dealHistory.fromValue,
      to: dealHistory.toValue,
      at: dealHistory.at,
      actor: sql<string>`coalesce(${user.email}, ${dealHistory.actorLabel}, ${automaticActor})`,
    })
    .from(dealHistory)
    .leftJoin(user, eq(user.id, dealHistory.actorUserId))
    .where(eq(dealHistory.dealId, dealId))
    .orderBy(asc(dealHistory.at));
  const d = row.deal;
  return {
    deal: {
      id: d.id,
      accountNumber: d.accountNumber,
      companyName: vendorNameOf(row.companyName),
      businessName: d.businessName,
      ownersName: d.ownersName,
      stage: d.stage,
      notes: d.notes,
      dealScore: d.dealScore,
      costOfEquipment: d.costOfEquipment,
      downPayment: d.downPayment,
      approvedAmount: d.approvedAmount,
      lastUpdate: d.lastUpdate.toISOString(),
      vendorWroteLast: Boolean(row.vendorWroteLast),
      businessPhone: d.businessPhone,
      businessEmail: d.businessEmail,
      description: d.description,
      vendorEmail: row.vendorEmail,
      referredThrough: d.source === "vendor-link" && row.companyName ? referredThrough(row.companyName) : null,
      direct: d.source === "direct",
      fromLead: d.referralLeadType && d.referralLeadId ? { type: d.referralLeadType, id: d.referralLeadId } : null,
      declinedReceivedOn: d.declinedReceivedOn,
      declinedCompletedOn: d.declinedCompletedOn,
      declinedNoticeSentOn: d.declinedNoticeSentOn,
    },
    client: client
      ? {
          customerNumber: client.customerNumber,
          firstName: client.firstName,
          lastName: client.lastName,
          taxIdMasked: client.businessTaxIdLast4 ? `••-•••${client.businessTaxIdLast4}` : null,
          hasDateOfBirth: client.dobEncrypted !== null,
        }
      : null,
    history: history.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    submittedByUserId: d.submittedByUserId,
    ownerUserId: d.ownerUserId,
    vendorCompanyId: d.vendorCompanyId,
  };
}
