import { asc, desc } from "drizzle-orm";
import type { FunderRow } from "#domain/funders/contracts.ts";
import type { FundingProgram, Industry } from "#domain/funders/funder-terms.ts";
import type { DbExecutor } from "../db/client.ts";
import { funder } from "./tables.ts";

export const toFunderRow = (row: typeof funder.$inferSelect): FunderRow => ({
  id: row.id,
  name: row.name,
  contactName: row.contactName,
  contactEmail: row.contactEmail,
  contactPhone: row.contactPhone,
  programs: row.programs as FundingProgram[],
  minCreditScore: row.minCreditScore,
  minMonthsInBusiness: row.minMonthsInBusiness,
  minAmountCents: row.minAmountCents,
  maxAmountCents: row.maxAmountCents,
  industries: row.industries as Industry[],
  states: row.states,
  active: row.active,
  updatedAt: row.updatedAt.toISOString(),
});

/** The network's funders, active ones first, by name (a network is tens of funders, not thousands). */
export async function listFunders(db: DbExecutor): Promise<FunderRow[]> {
  const rows = await db.select().from(funder).orderBy(desc(funder.active), asc(funder.name)).limit(1000);
  return rows.map(toFunderRow);
}
