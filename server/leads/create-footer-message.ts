import { eq } from "drizzle-orm";
import type { FooterMessageRequest } from "#domain/leads/footer-message-schema.ts";
import { newFooterMessageMail } from "#domain/leads/kinds/footer-message.ts";
import type { Database } from "../db/client.ts";
import { footerMessage } from "./tables.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { storeLead } from "../response-times/store-lead.ts";
import type { LeadContext } from "../shared/request-context.ts";
import { leadClock } from "../response-times/response-clock.ts";

export function createFooterMessage(db: Database, context: LeadContext, request: FooterMessageRequest) {
  return storeLead(db, {
    type: "footer-message",
    insert: db
      .insert(footerMessage)
      .values({
        idempotencyKey: request.idempotencyKey,
        nameOfBusiness: request.nameOfBusiness,
        nameUser: request.nameUser,
        emailUser: request.emailUser,
        message: request.subjectUser,
      })
      .onConflictDoNothing({ target: footerMessage.idempotencyKey })
      .returning(),
    existing: async () =>
      (
        await db
          .select({ id: footerMessage.id })
          .from(footerMessage)
          .where(eq(footerMessage.idempotencyKey, request.idempotencyKey))
      )[0]!.id,
    clock: leadClock(context.promise, "footer-message"),
    cipher: context.cipher,
    notification: simpleMail({
      to: context.creditTeamEmail,
      ...newFooterMessageMail(request),
      action: { label: "Open the back office", url: `${context.publicUrl}/back-office` },
      product: context.product,
    }),
  });
}
