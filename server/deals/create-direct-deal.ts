import { and, eq } from "drizzle-orm";
import { monthAndYearInTimeZone } from "#domain/deals/business-month.ts";
import type { DealFromLeadType } from "#domain/deals/direct-deals.ts";
import type { Transaction } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { ReferredCustomer } from "./create-referred-deal.ts";
import { insertDealRows } from "./insert-deal-rows.ts";
import { deal } from "./tables.ts";

/**
 * What a direct deal takes from its lead: what a referred deal takes, plus the owner's title and
 * share and the federal tax id as the lead stored it. The tax id is the lead's ciphertext and last
 * four, copied as they are: nothing here decrypts or encrypts (docs/product-rules.md#r5-sensitive-numbers).
 * The owners' SSNs have no column on a deal's client record; they stay on the credit application,
 * which the deal's page links to.
 */
export type DirectCustomer = ReferredCustomer & {
  firstName: string;
  lastName: string;
  ownerTitle: string | null;
  ownerPercentage: number | null;
  taxId: { encrypted: string; last4: string | null } | null;
  /** How the lead reached us, for the client record (the vendor dialog's "referral source"). */
  referralSource: string;
};

/** The deal a lead already has (deal_referral_lead_idx: at most one), referred or direct. */
export async function dealOfLead(
  tx: Transaction,
  lead: { type: DealFromLeadType; id: string },
): Promise<{ id: string; accountNumber: string } | null> {
  const [found] = await tx
    .select({ id: deal.id, accountNumber: deal.accountNumber })
    .from(deal)
    .where(and(eq(deal.referralLeadType, lead.type), eq(deal.referralLeadId, lead.id)));
  return found ?? null;
}

/**
 * A deal opened by staff from a lead that came to us directly (ApplyNow, the calculator, a quote
 * link): no vendor company, no owner, nobody who submitted it, source "direct", at stage 1, linked
 * to its lead (docs/product-rules.md#r12-stages). The rows and the (vendor-less, so skipped)
 * `deal.created` event come from insertDealRows, as for a vendor's or a referred deal; no mail goes to
 * a dealer (there is none) and the applicant already had their "received" mail with the lead.
 *
 * The caller holds the lead's row lock, so two clicks at once are one after the other: the second
 * finds the first's deal here and answers it (created false), and the unique index on the lead never
 * has to refuse an insert. A lead referred through a vendor's link already has its company's deal:
 * that one is answered too.
 */
export async function createDirectDeal(
  tx: Transaction,
  context: { timeZone: string },
  actor: { id: string },
  lead: { type: DealFromLeadType; id: string },
  customer: DirectCustomer,
): Promise<{ id: string; accountNumber: string; created: boolean }> {
  const existing = await dealOfLead(tx, lead);
  if (existing) return { ...existing, created: false };
  const { month, year } = monthAndYearInTimeZone(new Date(), context.timeZone);
  // No 60-minute response clock here, unlike a vendor's new deal (create-deal.ts, startDealClock):
  // the lead started its own clock when it arrived, and that is the promise to this customer; the
  // deal is the credit team's own answer, so it waits for no one. No duplicate check either: the
  // lead's own ran when it was stored.
  const created = await insertDealRows(
    tx,
    {
      idempotencyKey: `direct-${lead.id}`,
      vendorCompanyId: null,
      submittedByUserId: null,
      ownerUserId: null,
      source: "direct",
      referralLeadType: lead.type,
      referralLeadId: lead.id,
      businessName: customer.businessName,
      ownersName: customer.ownersName,
      businessPhone: customer.phone,
      businessEmail: customer.email,
      costOfEquipment: customer.equipmentCost ?? 0,
      description: `Opened by the credit team from a ${lead.type.replace("-", " ")} that came to us directly.`,
      equipmentDescription: customer.equipmentDescription,
      monthSubmitted: month,
      yearInFile: year,
    },
    {
      firstName: customer.firstName,
      lastName: customer.lastName,
      nameOfBusiness: customer.businessName,
      emailContact: customer.email,
      phoneNumber: customer.phone,
      ...(customer.ownerTitle ? { ownerTitle: customer.ownerTitle } : {}),
      ...(customer.ownerPercentage !== null ? { ownerPercentage: customer.ownerPercentage } : {}),
      businessTaxIdEncrypted: customer.taxId?.encrypted ?? null,
      businessTaxIdLast4: customer.taxId?.last4 ?? null,
      referralSource: customer.referralSource,
    },
  );
  await recordAudit(tx, {
    action: "deal.opened-from-lead",
    actorUserId: actor.id,
    subject: created.id,
    details: { leadType: lead.type, leadId: lead.id, accountNumber: created.accountNumber },
  });
  return { ...created, created: true };
}
