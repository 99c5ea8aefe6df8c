import { eq } from "drizzle-orm";
import { calculatorEntityFlags, calculatorQuoteInput, type CalculatorLeadRequest } from "#domain/calculator/calculator-schema.ts";
import { calculatorQuote } from "#domain/pricing/calculator-quote.ts";
import { formatUsd, parseMoney } from "#domain/pricing/money-format.ts";
import type { Database } from "../../db/client.ts";
import { calculatorLead } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { FieldCipher } from "../crypto/field-cipher.ts";
import { recordDuplicates } from "../duplicates/record-duplicates.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { storeLead, type LeadContext } from "../leads/store-lead.ts";
import { findPartner } from "../partners/find-partner.ts";

const equipmentFlags = ["clicknewTruckButton", "clicknewReeferButton", "clickedNew", "clickusedButton", "clickdayCabButton", "clicksleeperButton"] as const;

/** Prices the calculator's answers on the server and stores them with the quote and its duplicate links, in one transaction. */
export async function createCalculatorLead(db: Database, cipher: Pick<FieldCipher, "lookupHash">, context: LeadContext, lead: CalculatorLeadRequest, currentYear: number) {
  const quote = calculatorQuote(calculatorQuoteInput(lead, currentYear));
  const partner = lead.partnerSlug ? await findPartner(db, lead.partnerSlug) : null;
  if (lead.partnerSlug && !partner) throw new AppError("NOT_FOUND", "This partner calculator does not exist.");
  const payments = Object.fromEntries(quote.cards.map((card) => [String(card.term), card.payment.low]));

  const stored = await db.transaction(async (tx) => {
    const saved = await storeLead(tx, {
      insert: tx
        .insert(calculatorLead)
        .values({
          idempotencyKey: lead.idempotencyKey,
          partnerId: partner?.id ?? null,
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
        .returning({ id: calculatorLead.id }),
      existing: async () => (await tx.select({ id: calculatorLead.id }).from(calculatorLead).where(eq(calculatorLead.idempotencyKey, lead.idempotencyKey)))[0]!.id,
      notification: simpleMail({
        to: context.creditTeamEmail,
        subject: `New calculator lead: ${lead.firstNameModel} ${lead.lastNameModel}${partner ? ` (${partner.name})` : ""}`,
        paragraphs: [
          `Owner: ${lead.firstNameModel} ${lead.lastNameModel}, ${lead.OwnersPhoneNumber}, ${lead.ownersEmail}`,
          `Vendor: ${lead.vendorName}, sales person ${lead.salesPersonName}, ${lead.phoneNumberVendor}`,
          `Equipment cost ${formatUsd(parseMoney(lead.costEq)!)}; ${quote.downPayment.percent}% down; rate ${quote.annualRate}%`,
          `Payments from: ${quote.cards.map((card) => `${card.term} mo ${formatUsd(card.payment.low)}`).join(", ")}`,
        ],
        action: { label: "Open the back office", url: `${context.publicUrl}/back-office` },
        product: context.product,
      }),
    });
    if (saved.created) await recordDuplicates(tx, cipher, { type: "calculator", id: saved.id, email: lead.ownersEmail, phone: lead.OwnersPhoneNumber });
    return saved;
  });
  return { ...stored, quote };
}
