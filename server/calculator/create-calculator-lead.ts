import { eq } from "drizzle-orm";
import {
  calculatorEntityFlags,
  calculatorQuoteInput,
  type CalculatorLeadRequest,
} from "#domain/calculator/calculator-schema.ts";
import { newCalculatorMail } from "#domain/leads/kinds/calculator.ts";
import { calculatorQuote } from "#domain/pricing/calculator-quote.ts";
import { parseMoney } from "#domain/pricing/money-format.ts";
import type { Database } from "../db/client.ts";
import { calculatorLead } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { recordDuplicates } from "../duplicates/record-duplicates.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { storeLead } from "../response-times/store-lead.ts";
import type { LeadContext } from "../shared/request-context.ts";
import { leadClock } from "../response-times/response-clock.ts";
import { createReferredDeal, referredThrough } from "../deals/create-referred-deal.ts";
import { resolveVendorLink } from "../partners/resolve-vendor-link.ts";

const equipmentLabels = {
  clicknewTruckButton: "truck",
  clicknewReeferButton: "reefer",
  clickedNew: "new",
  clickusedButton: "used",
  clickdayCabButton: "day cab",
  clicksleeperButton: "sleeper",
} as const;
const equipmentFlags = Object.keys(equipmentLabels) as (keyof typeof equipmentLabels)[];

/** What a calculator lead's equipment is, in words: the visitor's own text, else the flags they clicked. */
export function calculatorEquipmentDescription(
  notTruckingEquipment: string,
  flags: Partial<Record<keyof typeof equipmentLabels, boolean>>,
): string {
  return (
    notTruckingEquipment ||
    equipmentFlags
      .filter((name) => flags[name])
      .map((name) => equipmentLabels[name])
      .join(", ")
  );
}

/**
 * Prices the calculator's answers on the server and stores them with the quote. Through a vendor's
 * link (`vendorSlug`, docs/product-rules.md#r23-referred-customers-belong-to-the-company) the lead is the company's and
 * becomes its referred deal, in the
 * same transaction; an unknown vendor slug is ignored. An unknown `partnerSlug` (the field of
 * pages built before vendor links) is still a 404. Its duplicate links are recorded in the same transaction.
 */
export async function createCalculatorLead(
  db: Database,
  cipher: Pick<FieldCipher, "lookupHash">,
  context: LeadContext & { timeZone: string },
  lead: CalculatorLeadRequest,
  currentYear: number,
) {
  const quote = calculatorQuote(calculatorQuoteInput(lead, currentYear));
  const slug = lead.vendorSlug ?? lead.partnerSlug;
  const link = slug ? await resolveVendorLink(db, slug) : null;
  if (lead.partnerSlug && !lead.vendorSlug && !link)
    throw new AppError("NOT_FOUND", "This partner calculator does not exist.");
  const company = link?.company ?? null;
  const payments = Object.fromEntries(quote.cards.map((card) => [String(card.term), card.payment.low]));
  const ownersName = `${lead.firstNameModel} ${lead.lastNameModel}`;

  const stored = await db.transaction(async (tx) => {
    const result = await storeLead(tx, {
      type: "calculator",
      insert: tx
        .insert(calculatorLead)
        .values({
          idempotencyKey: lead.idempotencyKey,
          partnerId: link?.partnerId ?? null,
          vendorCompanyId: company?.id ?? null,
          vendorName: lead.vendorName,
          salesPersonName: lead.salesPersonName,
          vendorPhone: lead.phoneNumberVendor,
          equipment: Object.fromEntries(equipmentFlags.map((name) => [name, lead[name]])),
          notTruckingEquipment: lead.notTruckingEquipment,
          equipmentCost: parseMoney(lead.costEq)!,
          firstName: lead.firstNameModel,
          lastName: lead.lastNameModel,
          ownerEmail: lead.ownersEmail.toLowerCase(),
          ownerPhone: lead.OwnersPhoneNumber,
          entities: Object.fromEntries(calculatorEntityFlags.map((name) => [name, lead[name]])),
          firstTimeBuyer: lead.firstTimeBuyer === "yes",
          startMonth: lead.monthsofbusinessStart,
          startYear: Number(lead.yearbusinessStarted),
          monthsInBusiness: quote.monthsInBusiness,
          monthlySales: parseMoney(lead.monthlySalesInput)!,
          preferredTerm: Number(lead.preferredFinancing),
          creditScore: Number(lead.creditscore),
          lengthCredit: Number(lead.lengthCredit),
          bankruptcy: lead.bk === "yes",
          monthlyEarnings: parseMoney(lead.revenueAddBusiness)!,
          otherAnswers: {
            creditAvailable: lead.creditAvailable,
            installmentLoans: lead.installmentLoans,
            homeownerOrRenter: lead.homeownerOrRenter,
            businessLoans: lead.businessLoans,
            workingCapitalLoans: lead.workingCapitalLoans,
          },
          annualRate: quote.annualRate,
          downPaymentPercent: quote.downPayment.percent,
          financedBase: quote.financedBase,
          payments,
        })
        .onConflictDoNothing({ target: calculatorLead.idempotencyKey })
        .returning(),
      existing: async () =>
        (
          await tx
            .select({ id: calculatorLead.id })
            .from(calculatorLead)
            .where(eq(calculatorLead.idempotencyKey, lead.idempotencyKey))
        )[0]!.id,
      clock: leadClock(context.promise, "calculator", link !== null),
      cipher: context.cipher,
      notification: simpleMail({
        to: context.creditTeamEmail,
        ...newCalculatorMail(
          lead,
          quote,
          link ? link.branding.name : null,
          company ? referredThrough(company.name) : null,
        ),
        action: { label: "Open the back office", url: `${context.publicUrl}/back-office` },
        product: context.product,
      }),
    });
    if (result.created && company) {
      await createReferredDeal(
        tx,
        context,
        company,
        { type: "calculator", id: result.id },
        {
          businessName: ownersName,
          ownersName,
          phone: lead.OwnersPhoneNumber,
          email: lead.ownersEmail.toLowerCase(),
          equipmentCost: parseMoney(lead.costEq)!,
          equipmentDescription: calculatorEquipmentDescription(lead.notTruckingEquipment, lead),
        },
      );
    }
    if (result.created)
      await recordDuplicates(tx, cipher, {
        type: "calculator",
        id: result.id,
        email: lead.ownersEmail,
        phone: lead.OwnersPhoneNumber,
      });
    return result;
  });
  return { ...stored, quote };
}
