import { asc, desc, eq, sql } from "drizzle-orm";
import type { StipKindRow, StipKindValues } from "#domain/stips/catalog-contracts.ts";
import type { FundingProgram } from "#domain/funders/funder-terms.ts";
import type { Database, DbExecutor } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AppError } from "../shared/errors.ts";
import { stipKind } from "./tables.ts";

const nameTaken = (name: string) =>
  new AppError("CONFLICT", `A stip named "${name}" is already in the catalog. Choose another name or change that one.`);

/** The database's refusal of a second name but for case (stip_kind_name_key): a save that lost a race. */
const isNameClash = (error: unknown): boolean => {
  const found = (error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } }).code
    ? (error as { code?: string; constraint?: string })
    : ((error as { cause?: { code?: string; constraint?: string } }).cause ?? {});
  return found.code === "23505" && (found.constraint === undefined || found.constraint === "stip_kind_name_key");
};

export const toStipKindRow = (row: typeof stipKind.$inferSelect): StipKindRow => ({
  id: row.id,
  name: row.name,
  description: row.description,
  satisfiedBy: row.satisfiedBy,
  pickedByDefault: row.pickedByDefault,
  programs: row.programs as FundingProgram[],
  minAmountCents: row.minAmountCents,
  active: row.active,
  updatedAt: row.updatedAt.toISOString(),
});

/** The catalog, active stips first, by name (a catalog is tens of stips, not thousands). */
export async function listStipKinds(db: DbExecutor): Promise<StipKindRow[]> {
  const rows = await db.select().from(stipKind).orderBy(desc(stipKind.active), asc(stipKind.name)).limit(1000);
  return rows.map(toStipKindRow);
}

const columnsOf = (values: StipKindValues) => ({
  name: values.name,
  description: values.description,
  satisfiedBy: values.satisfiedBy,
  pickedByDefault: values.pickedByDefault,
  programs: values.programs,
  minAmountCents: values.minAmount,
  active: values.active,
});

/**
 * Adds a stip to the catalog (or changes one, with `id`), audited with what it is now. A name
 * taken but for case is a conflict, whether found first or refused by the unique index. A deal's
 * stips keep their own copy of the name and description: a change here asks nothing new of them.
 */
export async function saveStipKind(
  db: Database,
  by: { userId: string; ipAddress: string },
  values: StipKindValues,
  id?: string,
): Promise<StipKindRow> {
  try {
    return await db.transaction(async (tx) => {
      const [same] = await tx
        .select({ id: stipKind.id })
        .from(stipKind)
        .where(sql`lower(${stipKind.name}) = lower(${values.name})`);
      if (same && same.id !== id) throw nameTaken(values.name);
      const columns = columnsOf(values);
      const [saved] = id
        ? await tx
            .update(stipKind)
            .set({ ...columns, updatedAt: sql`now()` })
            .where(eq(stipKind.id, id))
            .returning()
        : await tx.insert(stipKind).values(columns).returning();
      if (!saved) throw new AppError("NOT_FOUND", "Not found.");
      await recordAudit(tx, {
        action: id ? "stip-kind.updated" : "stip-kind.created",
        actorUserId: by.userId,
        subject: saved.id,
        ipAddress: by.ipAddress,
        details: columns,
      });
      return toStipKindRow(saved);
    });
  } catch (error) {
    if (isNameClash(error)) throw nameTaken(values.name);
    throw error;
  }
}
