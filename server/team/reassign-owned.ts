import { and, eq } from "drizzle-orm";
import { teamMessages, type ReassignDealsRequest } from "#domain/team/contracts.ts";
import type { Database } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { vendorQuote } from "../quotes/tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { MailContext } from "../shared/request-context.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";
import { lockCompanySeats } from "./company-seats.ts";
import { tellTeam } from "./tell-team.ts";

/**
 * Hands every deal and quote one user of the company owns to another, active, user of it: a rep
 * who left, or a book of customers moved between reps. Their messages, documents and history stay
 * with the deal; the new owner hears of its stages from now on.
 */
export async function reassignOwned(
  db: Database,
  context: MailContext,
  scope: VendorScope,
  request: ReassignDealsRequest,
  ipAddress: string,
): Promise<{ deals: number; quotes: number }> {
  if (request.fromUserId === request.toUserId) throw new AppError("CONFLICT", teamMessages.sameOwner);
  return db.transaction(async (tx) => {
    const seats = await lockCompanySeats(tx, scope.companyId);
    const from = seats.find((seat) => seat.id === request.fromUserId);
    const to = seats.find((seat) => seat.id === request.toUserId);
    if (!from || !to) throw new AppError("NOT_FOUND", "Not found.");
    if (!to.active) throw new AppError("CONFLICT", `${to.name} is deactivated: choose an active user.`);
    const deals = await tx
      .update(deal)
      .set({ ownerUserId: to.id })
      .where(and(eq(deal.vendorCompanyId, scope.companyId), eq(deal.ownerUserId, from.id)))
      .returning({ id: deal.id });
    const quotes = await tx
      .update(vendorQuote)
      .set({ ownerUserId: to.id })
      .where(and(eq(vendorQuote.companyId, scope.companyId), eq(vendorQuote.ownerUserId, from.id)))
      .returning({ id: vendorQuote.id });
    const moved = { deals: deals.length, quotes: quotes.length };
    await recordAudit(tx, {
      action: "team.reassigned",
      actorUserId: scope.userId,
      subject: to.id,
      ipAddress,
      details: { companyId: scope.companyId, from: from.id, to: to.id, ...moved },
    });
    await tellTeam(tx, context, scope.companyId, {
      subject: `${from.name}'s customers are now ${to.name}'s`,
      paragraph: `${scope.email} handed ${moved.deals} deal${moved.deals === 1 ? "" : "s"} and ${moved.quotes} quote${moved.quotes === 1 ? "" : "s"} from ${from.name} to ${to.name}.`,
      also: to.email,
    });
    return moved;
  });
}
