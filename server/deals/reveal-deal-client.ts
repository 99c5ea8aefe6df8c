import { eq } from "drizzle-orm";
import type { RevealDealClientField } from "#domain/deals/back-office-contracts.ts";
import type { Database } from "../db/client.ts";
import { dealClient } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";

/** A deal client's tax id or date of birth for staff, audited like the application reveals. */
export async function revealDealClient(
  db: Database,
  cipher: FieldCipher,
  actor: { id: string; ip: string },
  dealId: string,
  field: RevealDealClientField,
) {
  const [client] = await db
    .select({ taxId: dealClient.businessTaxIdEncrypted, dob: dealClient.dobEncrypted })
    .from(dealClient)
    .where(eq(dealClient.dealId, dealId));
  const token = client?.[field] ?? null;
  if (!token) throw new AppError("NOT_FOUND", "Not found.");
  await recordAudit(db, {
    action: "sensitive.reveal",
    actorUserId: actor.id,
    subject: dealId,
    ipAddress: actor.ip,
    details: { field },
  });
  return cipher.decrypt(token);
}
