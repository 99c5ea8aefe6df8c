import { eq, inArray } from "drizzle-orm";
import type { StipSatisfier } from "#domain/stips/stip-rules.ts";
import type { DbExecutor } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { MailContext } from "../shared/request-context.ts";
import { AppError } from "../shared/errors.ts";
import { vendorStips } from "./deal-stips.ts";
import { emitStipsRequested, mailDealerAboutStips } from "./stip-events.ts";
import { dealStip, dealStipEvent, stipKind } from "./tables.ts";

export type StipToRequest = {
  stipKindId: string | null;
  name: string;
  description: string;
  satisfiedBy: StipSatisfier;
};

/** The catalog's entries by id, active ones only: what staff may request from it. */
export async function catalogStips(tx: DbExecutor, ids: readonly string[]): Promise<StipToRequest[]> {
  if (ids.length === 0) return [];
  const kinds = await tx
    .select()
    .from(stipKind)
    .where(inArray(stipKind.id, [...ids]));
  if (kinds.length !== new Set(ids).size || kinds.some((kind) => !kind.active))
    throw new AppError("NOT_FOUND", "That stip is not in the catalog.");
  return kinds.map((kind) => ({
    stipKindId: kind.id,
    name: kind.name,
    description: kind.description,
    satisfiedBy: kind.satisfiedBy,
  }));
}

/**
 * Requests stips on a deal in the caller's transaction (docs/product-rules.md#r55-stipulations):
 * one the deal already has (the same catalog entry, or the same name but for case) is not asked
 * twice. Each new one starts "requested", with its step; audited; the dealer hears by mail and
 * webhook (a direct deal's applicant sends the dealer's stips too). Returns the new stips' ids.
 */
export async function requestStips(
  tx: DbExecutor,
  context: MailContext,
  by: { userId: string; ipAddress: string },
  dealId: string,
  wanted: readonly StipToRequest[],
): Promise<string[]> {
  const [row] = await tx.select().from(deal).where(eq(deal.id, dealId)).for("update");
  if (!row) throw new AppError("NOT_FOUND", "Not found.");
  const existing = await tx
    .select({ stipKindId: dealStip.stipKindId, name: dealStip.name })
    .from(dealStip)
    .where(eq(dealStip.dealId, dealId));
  const seen = new Set(existing.flatMap((stip) => [stip.stipKindId ?? "", stip.name.toLowerCase()]));
  const fresh = wanted.filter((stip) => {
    const known = (stip.stipKindId !== null && seen.has(stip.stipKindId)) || seen.has(stip.name.toLowerCase());
    seen.add(stip.name.toLowerCase());
    if (stip.stipKindId) seen.add(stip.stipKindId);
    return !known;
  });
  if (fresh.length === 0) return [];
  // A direct deal has no dealer: its applicant sends what a dealer would (from their own page).
  const sender = (stip: StipToRequest) =>
    row.vendorCompanyId === null && stip.satisfiedBy === "dealer" ? "applicant" : stip.satisfiedBy;
  const inserted = await tx
    .insert(dealStip)
    .values(fresh.map((stip) => ({ ...stip, satisfiedBy: sender(stip), dealId })))
    .returning({ id: dealStip.id });
  const ids = inserted.map((stip) => stip.id);
  await tx.insert(dealStipEvent).values(
    ids.map((stipId) => ({
      stipId,
      status: "requested" as const,
      actorKind: "staff" as const,
      actorUserId: by.userId,
    })),
  );
  await tx.update(deal).set({ lastUpdate: new Date() }).where(eq(deal.id, dealId));
  await recordAudit(tx, {
    action: "stip.requested",
    actorUserId: by.userId,
    subject: dealId,
    ipAddress: by.ipAddress,
    details: { stips: ids },
  });
  const requested = (await vendorStips(tx, dealId)).filter((stip) => ids.includes(stip.id));
  await emitStipsRequested(tx, row, requested);
  await mailDealerAboutStips(tx, context, row, { kind: "requested", stips: requested });
  return ids;
}
