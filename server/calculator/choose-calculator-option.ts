import { and, eq, isNull } from "drizzle-orm";
import { formatUsd } from "#domain/pricing/money-format.ts";
import type { Database } from "../db/client.ts";
import { calculatorLead } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import type { LeadContext } from "../shared/request-context.ts";

/** 'I want this payment option': records the term once and tells the credit team. */
export async function chooseCalculatorOption(
  db: Database,
  context: LeadContext,
  leadId: string,
  term: number,
): Promise<void> {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .update(calculatorLead)
      .set({ chosenTerm: term, chosenAt: new Date() })
      .where(and(eq(calculatorLead.id, leadId), isNull(calculatorLead.chosenTerm)))
      .returning();
    if (!lead) {
      const [existing] = await tx
        .select({ chosenTerm: calculatorLead.chosenTerm })
        .from(calculatorLead)
        .where(eq(calculatorLead.id, leadId));
      if (!existing) throw new AppError("NOT_FOUND", "We could not find your answers. Please start again.");
      return;
    }
    await enqueueMail(
      tx,
      simpleMail({
        to: context.creditTeamEmail,
        subject: `Calculator option chosen: ${lead.firstName} ${lead.lastName}`,
        paragraphs: [
          `${lead.firstName} ${lead.lastName} (${lead.ownerPhone}) wants the ${term}-month option, from ${formatUsd(lead.payments[String(term)] ?? 0)} a month.`,
        ],
        action: { label: "Open the back office", url: `${context.publicUrl}/back-office` },
        product: context.product,
      }),
      context.cipher,
    );
  });
}
