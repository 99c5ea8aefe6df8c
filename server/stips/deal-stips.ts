import { and, asc, eq, inArray } from "drizzle-orm";
import type { StaffStip, VendorStip } from "#domain/stips/contracts.ts";
import type { StipSatisfier, StipStatus } from "#domain/stips/stip-rules.ts";
import type { DbExecutor } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { dealDocument } from "../deals/tables.ts";
import { dealStip, dealStipDocument, dealStipEvent } from "./tables.ts";

const actorLabel = { staff: "Credit team", dealer: "Dealer", applicant: "Applicant" } as const;

/** A deal's stips as the dealer sees them, oldest first, each with its files (docs/product-rules.md#r55-stipulations). */
export async function vendorStips(
  db: DbExecutor,
  dealId: string,
  only?: { satisfiedBy: StipSatisfier },
): Promise<VendorStip[]> {
  const stips = await db
    .select()
    .from(dealStip)
    .where(and(eq(dealStip.dealId, dealId), only ? eq(dealStip.satisfiedBy, only.satisfiedBy) : undefined))
    .orderBy(asc(dealStip.createdAt), asc(dealStip.name), asc(dealStip.id));
  if (stips.length === 0) return [];
  const files = await db
    .select({
      stipId: dealStipDocument.stipId,
      id: dealDocument.id,
      name: dealDocument.originalName,
      uploadedAt: dealDocument.uploadedAt,
    })
    .from(dealStipDocument)
    .innerJoin(dealDocument, eq(dealDocument.id, dealStipDocument.documentId))
    .where(
      inArray(
        dealStipDocument.stipId,
        stips.map((stip) => stip.id),
      ),
    )
    .orderBy(asc(dealDocument.uploadedAt), asc(dealDocument.id));
  return stips.map((stip) => ({
    id: stip.id,
    name: stip.name,
    description: stip.description,
    satisfiedBy: stip.satisfiedBy,
    status: stip.status,
    reason: stip.reason,
    receivedAt: stip.receivedAt?.toISOString() ?? null,
    files: files
      .filter((file) => file.stipId === stip.id)
      .map((file) => ({ id: file.id, name: file.name, uploadedAt: file.uploadedAt.toISOString() })),
  }));
}

/** A deal's stips as the credit team sees them: the dealer's view and every step with who and when. */
export async function staffStips(db: DbExecutor, dealId: string): Promise<StaffStip[]> {
  const stips = await vendorStips(db, dealId);
  if (stips.length === 0) return [];
  const steps = await db
    .select({
      stipId: dealStipEvent.stipId,
      status: dealStipEvent.status,
      actorKind: dealStipEvent.actorKind,
      email: user.email,
      note: dealStipEvent.note,
      at: dealStipEvent.at,
    })
    .from(dealStipEvent)
    .leftJoin(user, eq(user.id, dealStipEvent.actorUserId))
    .where(
      inArray(
        dealStipEvent.stipId,
        stips.map((stip) => stip.id),
      ),
    )
    .orderBy(asc(dealStipEvent.at), asc(dealStipEvent.id));
  return stips.map((stip) => ({
    ...stip,
    steps: steps
      .filter((step) => step.stipId === stip.id)
      .map((step) => ({
        status: step.status,
        by: step.email ? `${actorLabel[step.actorKind]}: ${step.email}` : actorLabel[step.actorKind],
        note: step.note,
        at: step.at.toISOString(),
      })),
  }));
}

/** The statuses of a deal's stips, locked for the caller's transaction (a stage move reads them). */
export async function lockedStipStatuses(tx: DbExecutor, dealId: string): Promise<StipStatus[]> {
  const rows = await tx
    .select({ status: dealStip.status })
    .from(dealStip)
    .where(eq(dealStip.dealId, dealId))
    .for("update");
  return rows.map((row) => row.status);
}
