import { and, eq } from "drizzle-orm";
import type { SensitiveField } from "#domain/leads/back-office-contracts.ts";
import type { Database } from "../db/client.ts";
import { creditApplication, creditApplicationOwner } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";

/** The full value for staff, written to the audit log first (docs/product-rules.md#r5-sensitive-numbers). */
export async function revealSensitive(
  db: Database,
  cipher: FieldCipher,
  actor: { id: string; ip: string },
  applicationId: string,
  field: SensitiveField,
) {
  let token: string | null = null;
  if (field === "fedId") {
    const [application] = await db
      .select({ token: creditApplication.fedIdEncrypted })
      .from(creditApplication)
      .where(eq(creditApplication.id, applicationId));
    token = application?.token ?? null;
  } else {
    const [owner] = await db
      .select({ token: creditApplicationOwner.ssnEncrypted })
      .from(creditApplicationOwner)
      .where(
        and(
          eq(creditApplicationOwner.applicationId, applicationId),
          eq(creditApplicationOwner.position, field === "ssn1" ? 1 : 2),
        ),
      );
    token = owner?.token ?? null;
  }
  if (!token) throw new AppError("NOT_FOUND", "Not found.");
  await recordAudit(db, {
    action: "sensitive.reveal",
    actorUserId: actor.id,
    subject: applicationId,
    ipAddress: actor.ip,
    details: { field },
  });
  return cipher.decrypt(token);
}
