import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { dealDocument, dealMessage } from "./tables.ts";

/** A deal's thread and documents; callers check access to the deal first. */
export async function dealThread(db: Database, dealId: string) {
  const messages = await db
    .select()
    .from(dealMessage)
    .where(eq(dealMessage.dealId, dealId))
    .orderBy(asc(dealMessage.createdAt));
  const documents = await db
    .select()
    .from(dealDocument)
    .where(eq(dealDocument.dealId, dealId))
    .orderBy(asc(dealDocument.uploadedAt));
  return {
    messages: messages.map((message) => ({
      id: message.id,
      author: message.authorRole,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
      attachments: documents
        .filter((doc) => doc.messageId === message.id)
        .map((doc) => ({ id: doc.id, name: doc.originalName })),
    })),
    documents: documents
      .filter((doc) => doc.messageId === null)
      .map((doc) => ({ id: doc.id, name: doc.originalName, slot: doc.slot })),
  };
}
