import { eq, sql } from "drizzle-orm";
import type { FunderRow, FunderValues } from "#domain/funders/contracts.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { funder } from "./tables.ts";
import { toFunderRow } from "./list-funders.ts";

const nameTaken = (name: string) => new AppError("CONFLICT", `A funder named "${name}" is already in the network.`);

const columnsOf = (values: FunderValues) => ({
  name: values.name,
  contactName: values.contactName,
  contactEmail: values.contactEmail,
  contactPhone: values.contactPhone,
  programs: values.programs,
  minCreditScore: values.minCreditScore,
  minMonthsInBusiness: values.minMonthsInBusiness,
  minAmountCents: values.minAmount,
  maxAmountCents: values.maxAmount,
  industries: values.industries,
  states: values.states,
  active: values.active,
});

/** Adds a funder (or changes one, with `id`), audited with what it is now; a name taken but for case is a conflict. */
export async function saveFunder(
  db: Database,
  by: { userId: string; ipAddress: string },
  values: FunderValues,
  id?: string,
): Promise<FunderRow> {
  return db.transaction(async (tx) => {
    const [same] = await tx
      .select({ id: funder.id })
      .from(funder)
      .where(sql`lower(${funder.name}) = lower(${values.name})`);
    if (same && same.id !== id) throw nameTaken(values.name);
    const columns = columnsOf(values);
    const [saved] = id
      ? await tx
          .update(funder)
          .set({ ...columns, updatedAt: sql`now()` })
          .where(eq(funder.id, id))
          .returning()
      : await tx.insert(funder).values(columns).returning();
    if (!saved) throw new AppError("NOT_FOUND", "Not found.");
    await recordAudit(tx, {
      action: id ? "funder.updated" : "funder.created",
      actorUserId: by.userId,
      subject: saved.id,
      ipAddress: by.ipAddress,
      details: columns,
    });
    return toFunderRow(saved);
  });
}
