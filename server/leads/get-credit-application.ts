import { eq } from "drizzle-orm";
import type { CreditApplicationDetail } from "#domain/leads/back-office-contracts.ts";
import type { Database } from "../db/client.ts";
import { creditApplication, creditApplicationOwner } from "./tables.ts";

const mask = (last4: string | null) => (last4 ? `•••-••-${last4}` : null);

/** A credit application with SSN and tax id masked to their last four digits. */
export async function creditApplicationForStaff(db: Database, id: string): Promise<CreditApplicationDetail | null> {
  const [application] = await db.select().from(creditApplication).where(eq(creditApplication.id, id));
  if (!application) return null;
  const owners = await db
    .select()
    .from(creditApplicationOwner)
    .where(eq(creditApplicationOwner.applicationId, id))
    .orderBy(creditApplicationOwner.position);
  const { fedIdEncrypted: _hiddenFedId, fedIdLast4, idempotencyKey: _key, ...business } = application;
  return {
    id: application.id,
    businessName: application.businessName,
    fedIdMasked: fedIdLast4 ? `••-•••${fedIdLast4}` : null,
    business: Object.fromEntries(
      Object.entries(business).map(([key, value]) => [
        key,
        value instanceof Date ? value.toISOString() : String(value ?? ""),
      ]),
    ),
    owners: owners.map((owner) => ({
      position: owner.position,
      name: owner.name,
      title: owner.title,
      ownershipPercent: owner.ownershipPercent,
      ssnMasked: mask(owner.ssnLast4)!,
      homeEmail: owner.homeEmail,
      homePhone: owner.homePhone,
    })),
  };
}
