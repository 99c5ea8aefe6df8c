import { eq } from "drizzle-orm";
import {
  firstOwner,
  secondOwner,
  type CreditApplicationRequest,
  type OwnerFields,
} from "#domain/leads/credit-application-schema.ts";
import { newCreditApplicationMail } from "#domain/leads/kinds/credit-application.ts";
import { parseMoney } from "#domain/pricing/money-format.ts";
import type { Database, DbExecutor } from "../db/client.ts";
import { creditApplication, creditApplicationOwner } from "./tables.ts";
import { lastFour, type FieldCipher } from "../shared/crypto/field-cipher.ts";
import { enqueueApplicantStatusMail } from "../applicant-mails/enqueue-applicant-status-mail.ts";
import { recordDuplicates } from "../duplicates/record-duplicates.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { createReferredDeal, referredThrough } from "../deals/create-referred-deal.ts";
import { resolveVendorLink } from "../partners/resolve-vendor-link.ts";
import { finishCreditApplicationDraft } from "./resume-credit-application-draft.ts";
import { storeLead } from "../response-times/store-lead.ts";
import type { LeadContext } from "../shared/request-context.ts";
import { leadClock } from "../response-times/response-clock.ts";

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

/**
 * Stores the application with SSN and tax id encrypted; the team's mail carries neither. Through a
 * vendor's link (`vendorSlug`, docs/product-rules.md#r23-referred-customers-belong-to-the-company) it also becomes the
 * company's referred deal in the same
 * transaction, with contact details only (never the SSNs or the tax id); an unknown slug is ignored.
 * A new application also queues the applicant's "received" mail (unless they opted out) and ends
 * the draft it was resumed from.
 */
/**
 * Marks the quote of a quote link applied, in the application's transaction (quotes/open-quote-link.ts):
 * given, not imported, because quotes sit above leads (docs/decisions/0021-subject-folders.md).
 */
export type MarkQuoteApplied = (
  tx: DbExecutor,
  token: string,
  applicationId: string,
) => Promise<{ companyId: string; ownerUserId: string | null } | null>;

export async function createCreditApplication(
  db: Database,
  cipher: FieldCipher,
  context: LeadContext & { timeZone: string; markQuoteApplied: MarkQuoteApplied },
  request: CreditApplicationRequest,
) {
  const owners = [firstOwner(request), secondOwner(request)].filter((owner): owner is OwnerFields => owner !== null);
  const cost = money(request.COE);
  const company = request.vendorSlug ? ((await resolveVendorLink(db, request.vendorSlug))?.company ?? null) : null;
  return db.transaction(async (tx) => {
    const stored = await storeLead(tx, {
      type: "credit-application",
      insert: tx
        .insert(creditApplication)
        .values({
          idempotencyKey: request.idempotencyKey,
          vendorCompanyId: company?.id ?? null,
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
        .returning(),
      existing: async () =>
        (
          await tx
            .select({ id: creditApplication.id })
            .from(creditApplication)
            .where(eq(creditApplication.idempotencyKey, request.idempotencyKey))
        )[0]!.id,
      clock: leadClock(context.promise, "credit-application"),
      cipher: context.cipher,
      notification: simpleMail({
        to: context.creditTeamEmail,
        ...newCreditApplicationMail(request, owners, cost, company ? referredThrough(company.name) : null),
        action: { label: "Open the back office", url: `${context.publicUrl}/back-office` },
        product: context.product,
      }),
    });
    if (!stored.created) return stored;
    await tx
      .insert(creditApplicationOwner)
      .values(owners.map((owner, index) => ownerRow(stored.id, index + 1, owner, cipher)));
    const quote = request.quoteToken ? await context.markQuoteApplied(tx, request.quoteToken, stored.id) : null;
    await recordDuplicates(tx, cipher, {
      type: "credit-application",
      id: stored.id,
      taxId: request.FedId,
      email: request.businessEmail,
      phone: request.businessPhone,
      owners: owners.map((owner) => ({ ssn: owner.ssn, phone: owner.homePhoneNumber, email: owner.homeEmail })),
    });
    if (request.draftToken) await finishCreditApplicationDraft(tx, request.draftToken);
    const referred = company
      ? await createReferredDeal(
          tx,
          context,
          // A customer who applies from a rep's quote is that rep's (docs/product-rules.md#r53-a-dealers-team).
          quote?.companyId === company.id && quote.ownerUserId ? { ...company, repUserId: quote.ownerUserId } : company,
          { type: "credit-application", id: stored.id },
          {
            businessName: request.BusinessName,
            ownersName: request.businessContact || owners[0]!.contactName,
            phone: request.businessPhone,
            email: request.businessEmail,
            equipmentCost: cost,
            equipmentDescription: request.equipmentDescription,
          },
        )
      : null;
    // A referred deal's mail links to the applicant's page (docs/product-rules.md#r56-the-applicants-page).
    await enqueueApplicantStatusMail(tx, context, {
      to: request.businessEmail,
      status: "received",
      dealId: referred?.id,
    });
    return stored;
  });
}
