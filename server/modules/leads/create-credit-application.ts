import { eq } from "drizzle-orm";
import { firstOwner, secondOwner, type CreditApplicationRequest, type OwnerFields } from "#domain/leads/credit-application-schema.ts";
import { formatUsd, parseMoney } from "#domain/pricing/money-format.ts";
import type { Database } from "../../db/client.ts";
import { creditApplication, creditApplicationOwner } from "../../db/schema.ts";
import { lastFour, type FieldCipher } from "../crypto/field-cipher.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { markQuoteApplied } from "../vendor-quotes/open-quote-link.ts";
import { storeLead, type LeadContext } from "./store-lead.ts";

const money = (value: string) => (value === "" ? null : (parseMoney(value) ?? null));

function ownerRow(applicationId: string, position: number, owner: OwnerFields, cipher: FieldCipher) {
  return {
    applicationId,
    position,
    name: owner.contactName,
    title: owner.contactTitle,
    ownershipPercent: Number(owner.ownership),
    ssnEncrypted: cipher.encrypt(owner.ssn),
    ssnLast4: lastFour(owner.ssn),
    homeAddress: owner.homeAddress,
    homeCity: owner.homeCity,
    homeState: owner.homeState,
    homeZipCode: owner.homeZipcode,
    homePhone: owner.homePhoneNumber,
    homeEmail: owner.homeEmail,
  };
}

/** Stores the application with SSN and tax id encrypted; the team's mail carries neither. */
export function createCreditApplication(db: Database, cipher: FieldCipher, context: LeadContext, request: CreditApplicationRequest) {
  const owners = [firstOwner(request), secondOwner(request)].filter((owner): owner is OwnerFields => owner !== null);
  const cost = money(request.COE);
  return db.transaction(async (tx) => {
    const stored = await storeLead(tx, {
      insert: tx
        .insert(creditApplication)
        .values({
          idempotencyKey: request.idempotencyKey,
          businessName: request.BusinessName,
          fedIdEncrypted: request.FedId ? cipher.encrypt(request.FedId) : null,
          fedIdLast4: request.FedId ? lastFour(request.FedId) : null,
          businessAddress: request.businessAddress,
          businessCity: request.businessCity,
          businessState: request.businessState,
          businessZipCode: request.businessZipCode,
          businessPhone: request.businessPhone,
          businessEmail: request.businessEmail,
          businessContact: request.businessContact,
          annualGrossRevenue: money(request.businessAGR),
          businessStarted: request.businessStarted,
          vendorName: request.VendorName,
          costOfEquipment: cost,
          equipmentDescription: request.equipmentDescription,
          vendorContactName: request.vendorContactName,
          vendorPhoneNumber: request.vendorPhoneNumber,
          vendorEmail: request.vendorEmail,
          acceptCheck: request.acceptCheck,
        })
        .onConflictDoNothing({ target: creditApplication.idempotencyKey })
        .returning({ id: creditApplication.id }),
      existing: async () => (await tx.select({ id: creditApplication.id }).from(creditApplication).where(eq(creditApplication.idempotencyKey, request.idempotencyKey)))[0]!.id,
      notification: simpleMail({
        to: context.creditTeamEmail,
        subject: `New credit application: ${request.BusinessName}`,
        paragraphs: [
          `Business: ${request.BusinessName}, ${request.businessCity}, ${request.businessState}`,
          `Contact: ${request.businessContact}, ${request.businessPhone}, ${request.businessEmail}`,
          `Owners: ${owners.map((owner) => `${owner.contactName} (${owner.ownership}%)`).join(", ")}`,
          `Equipment: ${request.equipmentDescription || "(not given)"}${cost !== null ? `, ${formatUsd(cost)}` : ""}`,
          "Sensitive numbers are only shown in the back office.",
        ],
        action: { label: "Open the back office", url: `${context.publicUrl}/back-office` },
        product: context.product,
      }),
    });
    if (stored.created) await tx.insert(creditApplicationOwner).values(owners.map((owner, index) => ownerRow(stored.id, index + 1, owner, cipher)));
    // The quote keeps the application and its company (the attribution until the vendor-links branch adds its own column).
    if (stored.created && request.quoteToken) await markQuoteApplied(tx, request.quoteToken, stored.id);
    return stored;
  });
}
