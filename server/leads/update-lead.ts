import { and, eq, sql } from "drizzle-orm";
import type { LeadUpdateRequest } from "#domain/leads/back-office-contracts.ts";
import type { LeadHistoryField } from "#domain/leads/lead-fields.ts";
import type { LeadType } from "#domain/leads/lead-inbox.ts";
import { countsAsLeadContact } from "#domain/response-times/response-promise.ts";
import type { Database } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { leadHistory, leadStatus } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordFirstContact } from "../response-times/response-clock.ts";

const leadTables: Record<LeadType, string> = {
  questionnaire: "questionnaire_answer",
  "picked-option": "picked_option",
  "credit-application": "credit_application",
  calculator: "calculator_lead",
  "vendor-contact": "vendor_contact",
  "footer-message": "footer_message",
};

/** Whether a lead of this kind and id exists. */
export async function leadExists(db: Pick<Database, "execute">, type: LeadType, id: string): Promise<boolean> {
  const result = (await db.execute(
    sql`select 1 from ${sql.identifier(leadTables[type])} where id = ${id}::uuid`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * Sets a lead's status, assignee or notes in one transaction; each value that changes is kept in
 * the lead's history with who and when (the assignee by e-mail). An unknown lead or assignee is a 404.
 */
export async function updateLead(
  db: Database,
  actor: { id: string },
  type: LeadType,
  id: string,
  changes: LeadUpdateRequest,
) {
  await db.transaction(async (tx) => {
    if (!(await leadExists(tx, type, id))) throw new AppError("NOT_FOUND", "No such lead.");
    let assigneeEmail: string | null = null;
    if (changes.assigneeUserId) {
      const [assignee] = await tx.select({ email: user.email }).from(user).where(eq(user.id, changes.assigneeUserId));
      if (!assignee) throw new AppError("NOT_FOUND", "No such assignee.");
      assigneeEmail = assignee.email;
    }
    await tx.insert(leadStatus).values({ leadType: type, leadId: id }).onConflictDoNothing();
    const [current] = await tx
      .select({
        status: leadStatus.status,
        notes: leadStatus.notes,
        assigneeUserId: leadStatus.assigneeUserId,
        assigneeEmail: user.email,
      })
      .from(leadStatus)
      .leftJoin(user, eq(user.id, leadStatus.assigneeUserId))
      .where(and(eq(leadStatus.leadType, type), eq(leadStatus.leadId, id)))
      .for("update", { of: leadStatus });
    const before = current!;
    const history: { field: LeadHistoryField; fromValue: string; toValue: string }[] = [];
    if (changes.status !== undefined && changes.status !== before.status)
      history.push({ field: "status", fromValue: before.status, toValue: changes.status });
    if (changes.assigneeUserId !== undefined && changes.assigneeUserId !== before.assigneeUserId)
      history.push({ field: "assignee", fromValue: before.assigneeEmail ?? "", toValue: assigneeEmail ?? "" });
    if (changes.notes !== undefined && changes.notes !== before.notes)
      history.push({ field: "notes", fromValue: before.notes, toValue: changes.notes });
    if (history.length === 0) return;
    await tx
      .update(leadStatus)
      .set({
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        ...(changes.assigneeUserId !== undefined ? { assigneeUserId: changes.assigneeUserId } : {}),
        ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(leadStatus.leadType, type), eq(leadStatus.leadId, id)));
    await tx
      .insert(leadHistory)
      .values(history.map((entry) => ({ ...entry, leadType: type, leadId: id, actorUserId: actor.id })));
    if (changes.status !== undefined && changes.status !== before.status && countsAsLeadContact(changes.status))
      await recordFirstContact(tx, { type, id }, actor.id);
  });
}
