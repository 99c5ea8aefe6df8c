import { signerMessages } from "#domain/signing/signer-access.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../shared/errors.ts";
import type { MailContext } from "../shared/request-context.ts";
import type { SigningClient } from "./signing-events.ts";
import { issueSignerCode, linkRefusal, lockLinkByToken } from "./signer-link.ts";

/**
 * Mails a one-time code to the signer a request mail's link names
 * (docs/product-rules.md#r57-documents-and-e-signature), to the signer's own address only. An in-person
 * link (started on a dealer's device) is not opened this way: its code is asked for from the portal.
 */
export async function sendSignerCode(
  db: Database,
  context: MailContext,
  token: string,
  client: SigningClient,
): Promise<{ sentTo: string; expiresInMinutes: number }> {
  return db.transaction(async (tx) => {
    const found = await lockLinkByToken(tx, token);
    if (found?.link.inPersonHostUserId) throw new AppError("GONE", signerMessages.linkUnknown);
    const refusal = await linkRefusal(tx, found, context.product);
    if (refusal) throw refusal;
    return issueSignerCode(tx, context, found!, token, client);
  });
}
