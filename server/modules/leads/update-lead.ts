import { eq } from "drizzle-orm";
import type { LeadUpdateRequest } from "#domain/api/back-office-leads.ts";
import type { LeadType } from "#domain/leads/lead-inbox.ts";
import type { Database } from "../../db/client.ts";
import { leadStatus, user } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";

export async function updateLead(db: Database, type: LeadType, id: string, changes: LeadUpdateRequest) {
  if (changes.assigneeUserId) {
    const [assignee] = await db.select({ id: user.id }).from(user).where(eq(user.id, changes.assigneeUserId));
    if (!assignee) throw new AppError("NOT_FOUND", "No such assignee.");
  }
  await db
    .insert(leadStatus)
    .values({ leadType: type, leadId: id, status: changes.status ?? "new", assigneeUserId: changes.assigneeUserId ?? null })
    .onConflictDoUpdate({
      target: [leadStatus.leadType, leadStatus.leadId],
      set: { ...(changes.status ? { status: changes.status } : {}), ...(changes.assigneeUserId !== undefined ? { assigneeUserId: changes.assigneeUserId } : {}), updatedAt: new Date() },
    });
}
