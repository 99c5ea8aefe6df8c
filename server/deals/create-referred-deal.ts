import { monthAndYearInTimeZone } from "#domain/deals/business-month.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import type { Transaction } from "../db/client.ts";
import { dealRecipientEmails } from "../auth/company-user-emails.ts";
import { insertDealRows } from "./insert-deal-rows.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import type { MailContext } from "../shared/request-context.ts";

export type ReferralLeadType = "calculator" | "questionnaire" | "credit-application";

/**
 * What a referred deal takes from its lead: contact and equipment only. There is deliberately no
 * field for an SSN, a tax id or a date of birth: those stay in the lead
 * (docs/product-rules.md#r23-referred-customers-belong-to-the-company, docs/product-rules.md#r5-sensitive-numbers).
 */
export type ReferredCustomer = {
  businessName: string;
  ownersName: string;
  phone: string;
  email: string;
  equipmentCost: number | null;
  equipmentDescription: string;
};

export const referredThrough = (companyName: string) => `Referred through ${companyName}'s link`;

/**
 * A lead that came through a vendor company's link becomes that company's deal at stage 1, marked
 * as referred, in the lead's transaction (docs/product-rules.md#r23-referred-customers-belong-to-the-company), with the
 * company's `deal.created` webhook
 * event (deals/insert-deal-rows.ts, as a vendor's own deal); its owner (the rep whose link it was) or else the
 * company's dealer admins are told by mail.
 * Nobody submitted it, so submitted_by_user_id is null. Stored once per lead (idempotency key).
 */
export async function createReferredDeal(
  tx: Transaction,
  context: MailContext & { timeZone: string },
  company: { id: string; name: string; repUserId: string | null },
  lead: { type: ReferralLeadType; id: string },
  customer: ReferredCustomer,
): Promise<{ id: string; accountNumber: string }> {
  const { month, year } = monthAndYearInTimeZone(new Date(), context.timeZone);
  const [firstName = "", ...rest] = customer.ownersName.trim().split(/\s+/);
  const description = `${referredThrough(company.name)} (${lead.type.replace("-", " ")}).`;
  // No response clock and no duplicate check here: the lead that made this deal already has both.
  const created = await insertDealRows(
    tx,
    {
      idempotencyKey: `link-${lead.id}`,
      vendorCompanyId: company.id,
      submittedByUserId: null,
      // The rep whose own link brought the customer owns the deal; through the company's link, nobody does.
      ownerUserId: company.repUserId,
      source: "vendor-link",
      referralLeadType: lead.type,
      referralLeadId: lead.id,
      businessName: customer.businessName,
      ownersName: customer.ownersName,
      businessPhone: customer.phone,
      businessEmail: customer.email,
      costOfEquipment: customer.equipmentCost ?? 0,
      description,
      equipmentDescription: customer.equipmentDescription,
      monthSubmitted: month,
      yearInFile: year,
    },
    {
      firstName,
      lastName: rest.join(" "),
      nameOfBusiness: customer.businessName,
      emailContact: customer.email,
      phoneNumber: customer.phone,
      referralSource: referredThrough(company.name),
    },
  );
  for (const to of await dealRecipientEmails(tx, { vendorCompanyId: company.id, ownerUserId: company.repUserId })) {
    await enqueueMail(
      tx,
      simpleMail({
        to,
        subject: `New referred customer: ${customer.businessName}`,
        paragraphs: [
          `${customer.ownersName} (${customer.businessName}) came through your ${context.product} link and sent a ${lead.type.replace("-", " ")}.`,
          `Deal ${created.accountNumber}${customer.equipmentCost !== null ? `, equipment ${formatUsd(customer.equipmentCost)}` : ""}. The credit team takes it from here; follow its stage in the portal.`,
        ],
        action: { label: "Open the vendor portal", url: `${context.publicUrl}/portal/deals/${created.id}` },
        product: context.product,
      }),
      context.cipher,
    );
  }
  return created;
}
