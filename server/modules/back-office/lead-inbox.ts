import { and, eq, sql } from "drizzle-orm";
import { isOverdue, type LeadStatus, type LeadType } from "#domain/leads/lead-inbox.ts";
import type { Database } from "../../db/client.ts";
import { creditApplication, creditApplicationOwner, leadStatus, user } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../crypto/field-cipher.ts";

/**
 * One row per lead whatever its table: type, id, when, a title and a way to reach them (names,
 * phone and e-mail, never an SSN, tax id or date of birth). The inbox and the CSV export read it.
 */
export const allLeads = sql`
  select 'questionnaire' as type, id, created_at, business_name || ' (' || name_of_owner || ')' as title, business_phone as contact from questionnaire_answer
  union all select 'picked-option', id, created_at, business_name || ': ' || term || ' months', '' from picked_option
  union all select 'credit-application', id, created_at, business_name, business_phone || ' ' || business_email from credit_application
  union all select 'calculator', id, created_at, first_name || ' ' || last_name, owner_phone || ' ' || owner_email from calculator_lead
  union all select 'vendor-contact', id, created_at, business_name || ' (' || contact_name || ')', phone_number || ' ' || email from vendor_contact
  union all select 'footer-message', id, created_at, name_user || ': ' || left(message, 80), email_user from footer_message`;

type InboxRow = { type: LeadType; id: string; created_at: string | Date; title: string; contact: string; status: LeadStatus | null; assignee: string | null };

/** Newest first; each with its status, assignee and whether the promised callback time passed. */
export async function leadInbox(db: Database, filter: { status?: LeadStatus }, now: Date, promisedMinutes: number) {
  const statusFilter = filter.status ? sql`where coalesce(s.status, 'new') = ${filter.status}` : sql``;
  const result = (await db.execute(sql`
    select l.type, l.id, l.created_at, l.title, l.contact, s.status, u.email as assignee
    from (${allLeads}) l
    left join lead_status s on s.lead_type = l.type and s.lead_id = l.id
    left join "user" u on u.id = s.assignee_user_id
    ${statusFilter}
    order by l.created_at desc limit 200`)) as unknown as { rows: InboxRow[] };
  return {
    leads: result.rows.map((row) => {
      const createdAt = new Date(row.created_at);
      const status = row.status ?? "new";
      return { type: row.type, id: row.id, createdAt: createdAt.toISOString(), title: row.title, contact: row.contact.trim(), status, assignee: row.assignee, overdue: isOverdue(createdAt, status, now, promisedMinutes) };
    }),
  };
}

export async function updateLead(db: Database, type: LeadType, id: string, changes: { status?: LeadStatus; assigneeUserId?: string | null }) {
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

const mask = (last4: string | null) => (last4 ? `•••-••-${last4}` : null);

/** A credit application with SSN and tax id masked to their last four digits. */
export async function creditApplicationForStaff(db: Database, id: string) {
  const [application] = await db.select().from(creditApplication).where(eq(creditApplication.id, id));
  if (!application) return null;
  const owners = await db.select().from(creditApplicationOwner).where(eq(creditApplicationOwner.applicationId, id)).orderBy(creditApplicationOwner.position);
  const { fedIdEncrypted: _hiddenFedId, fedIdLast4, idempotencyKey: _key, ...business } = application;
  return {
    id: application.id,
    businessName: application.businessName,
    fedIdMasked: fedIdLast4 ? `••-•••${fedIdLast4}` : null,
    business: Object.fromEntries(Object.entries(business).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : String(value ?? "")])),
    owners: owners.map((owner) => ({ position: owner.position, name: owner.name, title: owner.title, ownershipPercent: owner.ownershipPercent, ssnMasked: mask(owner.ssnLast4)!, homeEmail: owner.homeEmail, homePhone: owner.homePhone })),
  };
}

/** The full value for staff, written to the audit log first (decisions.md 8). */
export async function revealSensitive(db: Database, cipher: FieldCipher, actor: { id: string; ip: string }, applicationId: string, field: "ssn1" | "ssn2" | "fedId") {
  let token: string | null = null;
  if (field === "fedId") {
    const [application] = await db.select({ token: creditApplication.fedIdEncrypted }).from(creditApplication).where(eq(creditApplication.id, applicationId));
    token = application?.token ?? null;
  } else {
    const [owner] = await db
      .select({ token: creditApplicationOwner.ssnEncrypted })
      .from(creditApplicationOwner)
      .where(and(eq(creditApplicationOwner.applicationId, applicationId), eq(creditApplicationOwner.position, field === "ssn1" ? 1 : 2)));
    token = owner?.token ?? null;
  }
  if (!token) throw new AppError("NOT_FOUND", "Not found.");
  await recordAudit(db, { action: "sensitive.reveal", actorUserId: actor.id, subject: applicationId, ipAddress: actor.ip, details: { field } });
  return cipher.decrypt(token);
}
