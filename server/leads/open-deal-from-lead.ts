import { and, eq } from "drizzle-orm";
import type { DealFromLeadType } from "#domain/deals/direct-deals.ts";
import type { DealFromLeadResult } from "#domain/leads/back-office-contracts.ts";
import type { Database, Transaction } from "../db/client.ts";
import { calculatorLead } from "../calculator/tables.ts";
import { calculatorEquipmentDescription } from "../calculator/create-calculator-lead.ts";
import { createDirectDeal, type DirectCustomer } from "../deals/create-direct-deal.ts";
import { AppError } from "../shared/errors.ts";
import { creditApplication, creditApplicationOwner } from "./tables.ts";

const splitName = (name: string) => {
  const [firstName = "", ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
};

/**
 * A credit application as its deal takes it, its row locked for the transaction (two clicks at once
 * open one deal). The tax id is carried as stored: ciphertext and last four, never decrypted.
 */
async function creditApplicationCustomer(tx: Transaction, id: string): Promise<DirectCustomer | null> {
  const [row] = await tx.select().from(creditApplication).where(eq(creditApplication.id, id)).for("update");
  if (!row) return null;
  const [owner] = await tx
    .select({
      name: creditApplicationOwner.name,
      title: creditApplicationOwner.title,
      ownershipPercent: creditApplicationOwner.ownershipPercent,
    })
    .from(creditApplicationOwner)
    .where(and(eq(creditApplicationOwner.applicationId, id), eq(creditApplicationOwner.position, 1)));
  const ownersName = owner?.name || row.businessContact;
  return {
    businessName: row.businessName,
    ownersName,
    ...splitName(ownersName),
    ownerTitle: owner?.title ?? null,
    ownerPercentage: owner?.ownershipPercent ?? null,
    phone: row.businessPhone,
    email: row.businessEmail,
    equipmentCost: row.costOfEquipment,
    equipmentDescription: row.equipmentDescription,
    taxId: row.fedIdEncrypted ? { encrypted: row.fedIdEncrypted, last4: row.fedIdLast4 } : null,
    referralSource: "Credit application (direct)",
  };
}

/** A calculator lead as its deal takes it (no business name: the owner's, as a referred deal does), its row locked. */
async function calculatorCustomer(tx: Transaction, id: string): Promise<DirectCustomer | null> {
  const [row] = await tx.select().from(calculatorLead).where(eq(calculatorLead.id, id)).for("update");
  if (!row) return null;
  const ownersName = `${row.firstName} ${row.lastName}`.trim();
  return {
    businessName: ownersName,
    ownersName,
    firstName: row.firstName,
    lastName: row.lastName,
    ownerTitle: null,
    ownerPercentage: null,
    phone: row.ownerPhone,
    email: row.ownerEmail,
    equipmentCost: row.equipmentCost,
    equipmentDescription: calculatorEquipmentDescription(row.notTruckingEquipment, row.equipment),
    taxId: null,
    referralSource: "Calculator (direct)",
  };
}

/**
 * "Open a deal" on a lead's page (docs/product-rules.md#r12-stages): the lead's deal, made now from
 * its data (deals/create-direct-deal.ts) or, when it has one already, that one. One transaction: the
 * lead's row lock, the deal's rows and the audit entry.
 */
export async function openDealFromLead(
  db: Database,
  context: { timeZone: string },
  actor: { id: string },
  type: DealFromLeadType,
  id: string,
): Promise<DealFromLeadResult> {
  return db.transaction(async (tx) => {
    const customer =
      type === "credit-application" ? await creditApplicationCustomer(tx, id) : await calculatorCustomer(tx, id);
    if (!customer) throw new AppError("NOT_FOUND", "Not found.");
    const opened = await createDirectDeal(tx, context, actor, { type, id }, customer);
    return { dealId: opened.id, accountNumber: opened.accountNumber, created: opened.created };
  });
}
