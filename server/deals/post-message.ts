import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deal, dealDocument, dealMessage } from "./tables.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import type { MailContext } from "../shared/request-context.ts";
import { recordFirstContact } from "../response-times/response-clock.ts";
import { emitDealEvent } from "./emit-deal-event.ts";
import type { StoredUpload } from "../shared/receive-uploads.ts";

/**
 * Adds a message (and its stored attachments) to a deal's thread, touches the deal (and whether it
 * waits for the credit team's answer) and mails the other side: the credit team for a vendor's message, the vendor for
 * the team's answer.
 */
export async function postMessage(
  db: Database,
  context: MailContext,
  input: {
    dealId: string;
    businessName: string;
    author: { userId: string; role: "vendor" | "staff"; email: string };
    /** Several for a deal nobody owns: the company's dealer admins (docs/product-rules.md#r53-a-dealers-team). */
    recipient: string | readonly string[];
    body: string;
    attachments: readonly StoredUpload[];
    logicalFolder: string;
  },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(dealMessage)
      .values({
        dealId: input.dealId,
        authorUserId: input.author.userId,
        authorRole: input.author.role,
        body: input.body,
      })
      .returning({ id: dealMessage.id, createdAt: dealMessage.createdAt });
    if (input.attachments.length > 0) {
      await tx.insert(dealDocument).values(
        input.attachments.map((file) => ({
          ...file,
          slot: "message",
          dealId: input.dealId,
          messageId: message!.id,
          logicalFolder: input.logicalFolder,
        })),
      );
    }
    // "Waiting for us" (docs/product-rules.md#r14-messages-and-waiting-for-us): a vendor's message starts the wait (or
    // keeps the first one's time), staff's answer ends it.
    const [touched] = await tx
      .update(deal)
      .set({
        lastUpdate: new Date(),
        awaitingReplySince: input.author.role === "vendor" ? sql`coalesce(${deal.awaitingReplySince}, now())` : null,
      })
      .where(eq(deal.id, input.dealId))
      .returning();
    if (touched) await emitDealEvent(tx, "deal.message_created", touched);
    const fromVendor = input.author.role === "vendor";
    if (!fromVendor) await recordFirstContact(tx, { type: "deal", id: input.dealId }, input.author.userId);
    for (const to of typeof input.recipient === "string" ? [input.recipient] : input.recipient) {
      await enqueueMail(
        tx,
        simpleMail({
          to,
          subject: fromVendor
            ? `Funding Communication from ${input.author.email}: ${input.businessName}`
            : `The credit team answered about ${input.businessName}`,
          paragraphs: [input.body, input.attachments.length ? `${input.attachments.length} attachment(s).` : ""].filter(
            Boolean,
          ),
          action: fromVendor
            ? { label: "Open the back office", url: `${context.publicUrl}/back-office` }
            : { label: "Open the vendor portal", url: `${context.publicUrl}/portal` },
          product: context.product,
        }),
        context.cipher,
      );
    }
    return { id: message!.id };
  });
}
