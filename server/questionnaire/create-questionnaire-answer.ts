import { eq } from "drizzle-orm";
import { landingQuoteInput, type QuestionnaireAnswerRequest } from "#domain/questionnaire/answer-schema.ts";
import { newQuestionnaireMail } from "#domain/leads/kinds/questionnaire.ts";
import { landingMonthsInBusiness, landingQuote } from "#domain/pricing/landing-quote.ts";
import { parseMoney } from "#domain/pricing/money-format.ts";
import type { Database } from "../db/client.ts";
import { questionnaireAnswer } from "./tables.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { storeLead } from "../response-times/store-lead.ts";
import type { LeadContext } from "../shared/request-context.ts";
import { leadClock } from "../response-times/response-clock.ts";
import { createReferredDeal, referredThrough } from "../deals/create-referred-deal.ts";
import { resolveVendorLink } from "../partners/resolve-vendor-link.ts";

/**
 * Prices the answer on the server (never trusting the browser), stores both, mails the team.
 * Through a vendor's link (`vendorSlug`, docs/product-rules.md#r23-referred-customers-belong-to-the-company) it also
 * becomes the company's referred deal, in
 * the same transaction; an unknown slug is ignored.
 */
export async function createQuestionnaireAnswer(
  db: Database,
  context: LeadContext & { timeZone: string },
  answer: QuestionnaireAnswerRequest,
  currentYear: number,
) {
  const quote = landingQuote(landingQuoteInput(answer, currentYear));
  const company = answer.vendorSlug ? ((await resolveVendorLink(db, answer.vendorSlug))?.company ?? null) : null;
  const stored = await db.transaction(async (tx) => {
    const result = await storeLead(tx, {
      type: "questionnaire",
      insert: tx
        .insert(questionnaireAnswer)
        .values({
          idempotencyKey: answer.idempotencyKey,
          visitId: answer.visitId ?? null,
          vendorCompanyId: company?.id ?? null,
          nameOfOwner: answer.nameOfOwner,
          businessName: answer.businessName,
          businessPhone: answer.businessPhoneNumber,
          lengthCredit: Number(answer.lengthCredit),
          creditScore: Number(answer.creditscore),
          ccAvailability: Number(answer.ccavailability),
          bankruptcy: answer.bk === "yes",
          ownerRent: answer.ownerrent,
          personalCreditAccounts: answer.personalcreditaccounts,
          businessLoans: answer.businessLoans,
          startMonth: answer.monthsofbusiness,
          startYear: Number(answer.year),
          monthsInBusiness: landingMonthsInBusiness(Number(answer.year), currentYear),
          vendorName: answer.namevendor,
          vendorPhone: answer.phoneVendor,
          equipmentDescription: answer.nameEquipment,
          newOrUsed: answer.newOrUsed,
          equipmentCost: parseMoney(answer.costEq)!,
          desiredTerm: Number(answer.desiredmonth),
          monthlyRevenueGenerated: parseMoney(answer.fundGenerate)!,
          annualGrossRevenue: parseMoney(answer.agr)!,
          eligible: quote.eligible,
          annualRate: quote.eligible ? quote.annualRate : null,
          payments: quote.eligible ? quote.payments : null,
        })
        .onConflictDoNothing({ target: questionnaireAnswer.idempotencyKey })
        .returning(),
      existing: async () =>
        (
          await tx
            .select({ id: questionnaireAnswer.id })
            .from(questionnaireAnswer)
            .where(eq(questionnaireAnswer.idempotencyKey, answer.idempotencyKey))
        )[0]!.id,
      clock: leadClock(context.promise, "questionnaire", company !== null),
      cipher: context.cipher,
      notification: simpleMail({
        to: context.creditTeamEmail,
        ...newQuestionnaireMail(answer, quote, company ? referredThrough(company.name) : null),
        action: { label: "Open the back office", url: `${context.publicUrl}/back-office` },
        product: context.product,
      }),
    });
    if (result.created && company) {
      await createReferredDeal(
        tx,
        context,
        company,
        { type: "questionnaire", id: result.id },
        {
          businessName: answer.businessName || answer.nameOfOwner,
          ownersName: answer.nameOfOwner,
          phone: answer.businessPhoneNumber,
          email: "",
          equipmentCost: parseMoney(answer.costEq)!,
          equipmentDescription: `${answer.nameEquipment} (${answer.newOrUsed})`,
        },
      );
    }
    return result;
  });
  return { ...stored, quote };
}
