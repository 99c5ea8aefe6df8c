import { and, eq, isNull } from "drizzle-orm";
import { esignConsentStatement } from "#domain/signing/esign-disclosure.ts";
import type { Database } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { SignerCaller } from "./signer-session-plugin.ts";
import { recordSigningEvent, type SigningClient } from "./signing-events.ts";
import { signingSigner } from "./tables.ts";

/**
 * The signer's consent to electronic records and signatures, after the ESIGN disclosure
 * (docs/product-rules.md#r57-documents-and-e-signature): its time, address and browser, once; the
 * statement they checked is kept with the step.
 */
export async function giveConsent(db: Database, caller: SignerCaller, client: SigningClient): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const consented = await tx
      .update(signingSigner)
      .set({ consentedAt: now })
      .where(and(eq(signingSigner.id, caller.signerId), isNull(signingSigner.consentedAt)))
      .returning({ id: signingSigner.id });
    if (consented.length === 0) return;
    await recordSigningEvent(tx, {
      packageId: caller.packageId,
      signerId: caller.signerId,
      kind: "consented",
      actorUserId: caller.inPersonHostUserId,
      detail: esignConsentStatement,
      client,
      at: now,
    });
    await recordAudit(tx, {
      action: "signing.consented",
      actorUserId: caller.inPersonHostUserId,
      subject: caller.dealId,
      ipAddress: client.ipAddress,
      details: { package: caller.packageId, signer: caller.signerId },
    });
  });
}
