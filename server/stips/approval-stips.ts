import { asc, eq } from "drizzle-orm";
import { defaultStips } from "#domain/stips/stip-rules.ts";
import type { FundingProgram } from "#domain/funders/funder-terms.ts";
import type { DbExecutor } from "../db/client.ts";
import type { StipToRequest } from "./request-stips.ts";
import { stipKind } from "./tables.ts";

/** The active catalog, by name. */
export const activeCatalog = (db: DbExecutor) =>
  db.select().from(stipKind).where(eq(stipKind.active, true)).orderBy(asc(stipKind.name));

/**
 * What an approval asks before documents (docs/product-rules.md#r55-stipulations): the catalog's
 * defaults for the program and the approved amount, and each line of its conditions — the catalog's
 * entry when a line names one, else a stip in the funder's words for the applicant to send.
 */
export async function approvalStips(
  db: DbExecutor,
  approval: { program: FundingProgram; amountCents: number; conditions: string },
): Promise<StipToRequest[]> {
  const catalog = await activeCatalog(db);
  const byName = new Map(catalog.map((kind) => [kind.name.toLowerCase(), kind]));
  const fromCatalog = (kind: (typeof catalog)[number]): StipToRequest => ({
    stipKindId: kind.id,
    name: kind.name,
    description: kind.description,
    satisfiedBy: kind.satisfiedBy,
  });
  const conditions = approval.conditions
    .split(/\r?\n|;/)
    .map((line) => line.replace(/^[\s*•-]+/, "").trim())
    .filter((line) => line.length > 0)
    .map((line): StipToRequest => {
      const known = byName.get(line.replace(/\.$/, "").toLowerCase());
      return known
        ? fromCatalog(known)
        : { stipKindId: null, name: line.slice(0, 200), description: "", satisfiedBy: "applicant" };
    });
  return [...defaultStips(catalog, approval).map(fromCatalog), ...conditions];
}
