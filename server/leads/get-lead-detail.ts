import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { LeadDetail, RelatedLead } from "#domain/leads/back-office-contracts.ts";
import { cardUseLabels, entityFlagLabels, equipmentFlagLabels, flagsAsText, oldestDebtLabels, type LeadHistoryField } from "#domain/leads/lead-fields.ts";
import type { LeadStatus, LeadType } from "#domain/leads/lead-inbox.ts";
import type { Database } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { calculatorLead } from "../calculator/tables.ts";
import { deal } from "../deals/tables.ts";
import { creditApplication, creditApplicationOwner, footerMessage, leadHistory, leadStatus, vendorContact } from "./tables.ts";
import { partner } from "../partners/tables.ts";
import { pickedOption, questionnaireAnswer } from "../questionnaire/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { referredThrough, type ReferralLeadType } from "../deals/create-referred-deal.ts";

/** How far back a lead with the same e-mail or phone counts as related, and how many are listed. */
export const RELATED_LEAD_DAYS = 90;
export const RELATED_LEAD_LIMIT = 10;

const maskSsn = (last4: string) => `•••-••-${last4}`;
const maskTaxId = (last4: string | null) => (last4 ? `••-•••${last4}` : null);
const iso = (value: Date | string) => new Date(value).toISOString();

type KindDetail = { [Type in LeadType]: Omit<Extract<LeadDetail, { type: Type }>, "status" | "assignee" | "notes" | "history" | "related" | "referral"> }[LeadType];
type Found = { detail: KindDetail; email: string | null; phone: string | null; linked: RelatedLead[] };

/** The lead's own fields, how to reach it (for related leads) and the records it links to directly. */
async function findKind(db: Database, type: LeadType, id: string): Promise<Found | null> {
  switch (type) {
    case "questionnaire": {
      const [row] = await db.select().from(questionnaireAnswer).where(eq(questionnaireAnswer.id, id));
      if (!row) return null;
      const picked = await db.select().from(pickedOption).where(eq(pickedOption.answerId, id)).orderBy(asc(pickedOption.createdAt));
      return {
        detail: {
          type,
          id,
          createdAt: iso(row.createdAt),
          title: `${row.businessName} (${row.nameOfOwner})`,
          fields: {
            nameOfOwner: row.nameOfOwner,
            businessName: row.businessName,
            businessPhone: row.businessPhone,
            lengthCredit: oldestDebtLabels[String(row.lengthCredit)] ?? String(row.lengthCredit),
            creditScore: row.creditScore,
            ccAvailability: cardUseLabels[String(row.ccAvailability)] ?? String(row.ccAvailability),
            bankruptcy: row.bankruptcy,
            ownerRent: row.ownerRent,
            personalCreditAccounts: row.personalCreditAccounts,
            businessLoans: row.businessLoans,
            startMonth: row.startMonth,
            startYear: row.startYear,
            monthsInBusiness: row.monthsInBusiness,
            vendorName: row.vendorName,
            vendorPhone: row.vendorPhone,
            equipmentDescription: row.equipmentDescription,
            newOrUsed: row.newOrUsed,
            equipmentCost: row.equipmentCost,
            desiredTerm: row.desiredTerm,
            monthlyRevenueGenerated: row.monthlyRevenueGenerated,
            annualGrossRevenue: row.annualGrossRevenue,
            eligible: row.eligible,
            annualRate: row.annualRate,
            contactClient: row.contactClient === "yes",
            visitId: row.visitId,
          },
          payments: row.payments,
        },
        email: null,
        phone: row.businessPhone,
        linked: picked.map((option) => ({ type: "picked-option", id: option.id, createdAt: iso(option.createdAt), title: `${option.businessName}: ${option.term} months`, relation: "picked-option" })),
      };
    }
    case "picked-option": {
      const [row] = await db
        .select({ option: pickedOption, answer: questionnaireAnswer })
        .from(pickedOption)
        .leftJoin(questionnaireAnswer, eq(questionnaireAnswer.id, pickedOption.answerId))
        .where(eq(pickedOption.id, id));
      if (!row) return null;
      const { option, answer } = row;
      return {
        detail: {
          type,
          id,
          createdAt: iso(option.createdAt),
          title: `${option.businessName}: ${option.term} months`,
          fields: {
            businessName: option.businessName,
            nameOfOwner: answer?.nameOfOwner ?? null,
            businessPhone: answer?.businessPhone ?? null,
            equipmentDescription: option.equipmentDescription,
            equipmentCost: option.equipmentCost,
            desiredTerm: option.desiredTerm,
            term: option.term,
            monthlyPayment: option.monthlyPayment,
            agreeItsJustProposal: option.agreeItsJustProposal,
            contactClient: option.contactClient === "yes",
          },
        },
        email: null,
        phone: answer?.businessPhone ?? null,
        linked: answer ? [{ type: "questionnaire", id: answer.id, createdAt: iso(answer.createdAt), title: `${answer.businessName} (${answer.nameOfOwner})`, relation: "picked-from" }] : [],
      };
    }
    case "calculator": {
      const [row] = await db
        .select({ lead: calculatorLead, partnerName: partner.name })
        .from(calculatorLead)
        .leftJoin(partner, eq(partner.id, calculatorLead.partnerId))
        .where(eq(calculatorLead.id, id));
      if (!row) return null;
      const { lead } = row;
      const other = lead.otherAnswers;
      return {
        detail: {
          type,
          id,
          createdAt: iso(lead.createdAt),
          title: `${lead.firstName} ${lead.lastName}`,
          fields: {
            firstName: lead.firstName,
            lastName: lead.lastName,
            ownerEmail: lead.ownerEmail,
            ownerPhone: lead.ownerPhone,
            partnerName: row.partnerName,
            vendorName: lead.vendorName,
            salesPersonName: lead.salesPersonName,
            vendorPhone: lead.vendorPhone,
            equipment: flagsAsText(lead.equipment, equipmentFlagLabels),
            notTruckingEquipment: lead.notTruckingEquipment,
            equipmentCost: lead.equipmentCost,
            entities: flagsAsText(lead.entities, entityFlagLabels),
            firstTimeBuyer: lead.firstTimeBuyer,
            startMonth: lead.startMonth,
            startYear: lead.startYear,
            monthsInBusiness: lead.monthsInBusiness,
            monthlySales: lead.monthlySales,
            monthlyEarnings: lead.monthlyEarnings,
            preferredTerm: lead.preferredTerm,
            creditScore: lead.creditScore,
            lengthCredit: oldestDebtLabels[String(lead.lengthCredit)] ?? String(lead.lengthCredit),
            bankruptcy: lead.bankruptcy,
            creditAvailable: other.creditAvailable ?? "",
            installmentLoans: other.installmentLoans ?? "",
            homeownerOrRenter: other.homeownerOrRenter ?? "",
            businessLoans: other.businessLoans ?? "",
            workingCapitalLoans: other.workingCapitalLoans ?? "",
            annualRate: lead.annualRate,
            downPaymentPercent: lead.downPaymentPercent,
            financedBase: lead.financedBase,
            chosenTerm: lead.chosenTerm,
            chosenAt: lead.chosenAt ? iso(lead.chosenAt) : null,
          },
          payments: lead.payments,
        },
        email: lead.ownerEmail,
        phone: lead.ownerPhone,
        linked: [],
      };
    }
    case "footer-message": {
      const [row] = await db.select().from(footerMessage).where(eq(footerMessage.id, id));
      if (!row) return null;
      return {
        detail: {
          type,
          id,
          createdAt: iso(row.createdAt),
          title: row.nameOfBusiness ? `${row.nameUser} (${row.nameOfBusiness})` : row.nameUser,
          fields: { nameOfBusiness: row.nameOfBusiness, nameUser: row.nameUser, emailUser: row.emailUser, message: row.message },
        },
        email: row.emailUser,
        phone: null,
        linked: [],
      };
    }
    case "vendor-contact": {
      const [row] = await db.select().from(vendorContact).where(eq(vendorContact.id, id));
      if (!row) return null;
      return {
        detail: {
          type,
          id,
          createdAt: iso(row.createdAt),
          title: `${row.businessName} (${row.contactName})`,
          fields: { businessName: row.businessName, contactName: row.contactName, phoneNumber: row.phoneNumber, email: row.email },
        },
        email: row.email,
        phone: row.phoneNumber,
        linked: [],
      };
    }
    case "credit-application": {
      const [row] = await db.select().from(creditApplication).where(eq(creditApplication.id, id));
      if (!row) return null;
      const owners = await db.select().from(creditApplicationOwner).where(eq(creditApplicationOwner.applicationId, id)).orderBy(asc(creditApplicationOwner.position));
      return {
        detail: {
          type,
          id,
          createdAt: iso(row.createdAt),
          title: row.businessName,
          fields: {
            businessName: row.businessName,
            fedIdMasked: maskTaxId(row.fedIdLast4),
            businessAddress: row.businessAddress,
            businessCity: row.businessCity,
            businessState: row.businessState,
            businessZipCode: row.businessZipCode,
            businessPhone: row.businessPhone,
            businessEmail: row.businessEmail,
            businessContact: row.businessContact,
            annualGrossRevenue: row.annualGrossRevenue,
            businessStarted: row.businessStarted,
            vendorName: row.vendorName,
            costOfEquipment: row.costOfEquipment,
            equipmentDescription: row.equipmentDescription,
            vendorContactName: row.vendorContactName,
            vendorPhoneNumber: row.vendorPhoneNumber,
            vendorEmail: row.vendorEmail,
            acceptCheck: row.acceptCheck,
          },
          owners: owners.map((owner) => ({
            position: owner.position,
            name: owner.name,
            title: owner.title,
            ownershipPercent: owner.ownershipPercent,
            ssnMasked: maskSsn(owner.ssnLast4),
            homeAddress: owner.homeAddress,
            homeCity: owner.homeCity,
            homeState: owner.homeState,
            homeZipCode: owner.homeZipCode,
            homePhone: owner.homePhone,
            homeEmail: owner.homeEmail,
          })),
        },
        email: row.businessEmail,
        phone: row.businessPhone,
        linked: [],
      };
    }
  }
}

type RelatedRow = { type: LeadType; id: string; created_at: string | Date; title: string; same_email: boolean };

/**
 * Leads of the last 90 days that share the e-mail or the phone, newest first, at most 10. Each
 * branch filters its own table on its indexed contact columns, so no table is read whole.
 */
async function relatedByContact(db: Database, self: { id: string }, email: string | null, phone: string | null, now: Date): Promise<RelatedLead[]> {
  if (!email && !phone) return [];
  const since = new Date(now.getTime() - RELATED_LEAD_DAYS * 86_400_000).toISOString();
  const e = email ?? "";
  const p = phone ?? "";
  const branch = (type: LeadType, table: SQL, title: SQL, emailColumn: SQL | null, phoneColumn: SQL | null, alias = "t") => {
    const matches = [emailColumn && email ? sql`${emailColumn} = ${e}` : null, phoneColumn && phone ? sql`${phoneColumn} = ${p}` : null].filter((part): part is SQL => part !== null);
    if (matches.length === 0) return null;
    const sameEmail = emailColumn && email ? sql`${emailColumn} = ${e}` : sql`false`;
    return sql`select ${type}::text as type, ${sql.raw(alias)}.id, ${sql.raw(alias)}.created_at, ${title} as title, ${sameEmail} as same_email
      from ${table} where (${sql.join(matches, sql` or `)}) and ${sql.raw(alias)}.created_at > ${since}::timestamptz and ${sql.raw(alias)}.id <> ${self.id}::uuid`;
  };
  const branches = [
    branch("questionnaire", sql`questionnaire_answer t`, sql`t.business_name || ' (' || t.name_of_owner || ')'`, null, sql`t.business_phone`),
    branch("picked-option", sql`picked_option t join questionnaire_answer a on a.id = t.answer_id`, sql`t.business_name || ': ' || t.term || ' months'`, null, sql`a.business_phone`),
    branch("credit-application", sql`credit_application t`, sql`t.business_name`, sql`t.business_email`, sql`t.business_phone`),
    branch("calculator", sql`calculator_lead t`, sql`t.first_name || ' ' || t.last_name`, sql`t.owner_email`, sql`t.owner_phone`),
    branch("vendor-contact", sql`vendor_contact t`, sql`t.business_name || ' (' || t.contact_name || ')'`, sql`t.email`, sql`t.phone_number`),
    branch("footer-message", sql`footer_message t`, sql`t.name_user`, sql`t.email_user`, null),
  ].filter((part): part is SQL => part !== null);
  const result = (await db.execute(sql`select * from (${sql.join(branches, sql` union all `)}) related order by created_at desc limit ${RELATED_LEAD_LIMIT}`)) as unknown as { rows: RelatedRow[] };
  return result.rows.map((row) => ({ type: row.type, id: row.id, createdAt: iso(row.created_at), title: row.title, relation: row.same_email ? "same-email" : "same-phone" }));
}

/** One lead of any kind for the credit team: every field (sensitive numbers masked), its handling, history and related leads. */
export async function leadDetailForStaff(db: Database, type: LeadType, id: string, now = new Date()): Promise<LeadDetail | null> {
  const found = await findKind(db, type, id);
  if (!found) return null;
  const [handling] = await db
    .select({ status: leadStatus.status, notes: leadStatus.notes, assigneeId: user.id, assigneeEmail: user.email })
    .from(leadStatus)
    .leftJoin(user, eq(user.id, leadStatus.assigneeUserId))
    .where(and(eq(leadStatus.leadType, type), eq(leadStatus.leadId, id)));
  const history = await db
    .select({ field: leadHistory.field, from: leadHistory.fromValue, to: leadHistory.toValue, at: leadHistory.at, actor: user.email })
    .from(leadHistory)
    .innerJoin(user, eq(user.id, leadHistory.actorUserId))
    .where(and(eq(leadHistory.leadType, type), eq(leadHistory.leadId, id)))
    // One save's changes share their instant: status, assignee, then notes.
    .orderBy(asc(leadHistory.at), sql`case ${leadHistory.field} when 'status' then 1 when 'assignee' then 2 else 3 end`);
  const [referral] = await db
    .select({ companyName: vendorCompany.name, dealId: deal.id })
    .from(deal)
    .innerJoin(vendorCompany, eq(vendorCompany.id, deal.vendorCompanyId))
    .where(and(eq(deal.referralLeadType, type as ReferralLeadType), eq(deal.referralLeadId, id)));
  const linkedIds = new Set(found.linked.map((lead) => lead.id));
  const byContact = (await relatedByContact(db, { id }, found.email, found.phone, now)).filter((lead) => !linkedIds.has(lead.id));
  return {
    ...found.detail,
    status: (handling?.status ?? "new") as LeadStatus,
    assignee: handling?.assigneeId && handling.assigneeEmail ? { id: handling.assigneeId, email: handling.assigneeEmail } : null,
    notes: handling?.notes ?? "",
    history: history.map((entry) => ({ field: entry.field as LeadHistoryField, from: entry.from, to: entry.to, at: entry.at.toISOString(), actor: entry.actor })),
    related: [...found.linked, ...byContact],
    referral: referral ? { ...referral, text: referredThrough(referral.companyName) } : null,
  } as LeadDetail;
}
