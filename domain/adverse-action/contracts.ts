import * as z from "zod/mini";
import { noticeRecipientRequest, noticeRecipientSources } from "./notice-recipient.ts";
import { adverseActionReasonCodes } from "./reasons.ts";
import { calendarDay } from "../forms/date-range.ts";
import { endpoint } from "../http/endpoint.ts";

/** What a notice is about: a vendor's deal (stage "Declined") or a credit application (decision "declined"). */
export const adverseActionSubjectTypes = ["deal", "credit-application"] as const;
export type AdverseActionSubjectType = (typeof adverseActionSubjectTypes)[number];

export const adverseActionParams = z.object({ type: z.enum(adverseActionSubjectTypes), id: z.uuid() });

export const noticeStatements = ["reasons", "right-to-request"] as const;

/** Staff's choice: the principal reasons (codes and/or their own words), or the right-to-request statement. */
export const noticeContentRequest = z
  .object({
    statement: z.enum(noticeStatements),
    reasons: z.array(z.enum(adverseActionReasonCodes)).check(z.maxLength(adverseActionReasonCodes.length)),
    otherReason: z.string().check(z.trim(), z.maxLength(500, "Please use at most 500 characters.")),
  })
  .check(
    z.refine((value) => value.statement !== "reasons" || value.reasons.length > 0 || value.otherReason.trim() !== "", {
      error: "Choose at least one reason, write one, or send the statement of the right to request reasons.",
      path: ["reasons"],
    }),
  );

export type NoticeContentRequest = z.infer<typeof noticeContentRequest>;

export const adverseActionState = z.object({
  type: z.enum(adverseActionSubjectTypes),
  id: z.string(),
  declined: z.boolean(),
  /** A credit application's decision (null for a deal, whose stage says it). */
  decision: z.nullable(z.enum(["pending", "approved", "declined"])),
  /** The applicant's e-mail the notice goes to ("" when none is on file or it belongs to a user of the product). */
  recipient: z.string(),
  /** Where that address (or the one refused) came from; null when there is none. */
  recipientSource: z.nullable(z.enum(noticeRecipientSources)),
  /** Why there is no recipient (none on file, or the address belongs to a user), for staff. */
  recipientProblem: z.nullable(z.string()),
  /** The day the application arrived: a deal's submission, an application's creation (business time zone), unless staff recorded another. */
  receivedOn: z.string(),
  /** The day it was complete (12 CFR 1002.9(a)(1)): the day it was received until staff record another. */
  completedOn: z.string(),
  decidedOn: z.nullable(z.string()),
  /** 30 days after `completedOn`, once declined. */
  dueOn: z.nullable(z.string()),
  noticeSentOn: z.nullable(z.string()),
  content: z.nullable(
    z.object({ statement: z.enum(noticeStatements), reasons: z.array(z.string()), otherReason: z.string() }),
  ),
});

export type AdverseActionState = z.infer<typeof adverseActionState>;

export const declineDue = z.object({
  type: z.enum(adverseActionSubjectTypes),
  id: z.string(),
  businessName: z.string(),
  /** A deal's account number; "" for an application. */
  reference: z.string(),
  completedOn: z.string(),
  decidedOn: z.string(),
  /** 30 days after `completedOn`. */
  dueOn: z.string(),
  /** Of 30; 0 is the last day, negative is overdue. */
  daysLeft: z.number(),
});

export type DeclineDue = z.infer<typeof declineDue>;

const staffErrors = ["FORBIDDEN", "TWO_FACTOR_REQUIRED"] as const;

export const listDeclinesDue = endpoint({
  method: "GET",
  path: "/api/back-office/adverse-action",
  audience: "staff",
  summary:
    "Declined deals and applications without a notice sent, the earliest due first (30 days after the application was complete)",
  tags: ["back office"],
  responses: { 200: z.object({ declines: z.array(declineDue) }) },
  errors: [...staffErrors],
});

export const getAdverseAction = endpoint({
  method: "GET",
  path: "/api/back-office/adverse-action/:type/:id",
  audience: "staff",
  summary: "A deal's or application's adverse-action notice: decision dates, chosen content, sent date",
  tags: ["back office"],
  params: adverseActionParams,
  responses: { 200: adverseActionState },
  errors: [...staffErrors, "NOT_FOUND"],
});

export const saveNoticeContent = endpoint({
  method: "PUT",
  path: "/api/back-office/adverse-action/:type/:id",
  audience: "staff",
  summary: "Choose the notice's reasons or the right-to-request statement",
  tags: ["back office"],
  params: adverseActionParams,
  body: noticeContentRequest,
  responses: { 200: adverseActionState },
  errors: [...staffErrors, "NOT_FOUND", "CONFLICT"],
});

export const previewNotice = endpoint({
  method: "GET",
  path: "/api/back-office/adverse-action/:type/:id/notice.pdf",
  audience: "staff",
  summary: "The notice as a PDF (US Letter), to review before sending (audited)",
  tags: ["back office"],
  params: adverseActionParams,
  responses: {},
  download: true,
  errors: [...staffErrors, "NOT_FOUND", "CONFLICT"],
});

export const sendNotice = endpoint({
  method: "POST",
  path: "/api/back-office/adverse-action/:type/:id/send",
  audience: "staff",
  summary: "Mail the notice PDF to the applicant and record the date (audited)",
  tags: ["back office"],
  params: adverseActionParams,
  responses: { 200: adverseActionState },
  errors: [...staffErrors, "NOT_FOUND", "CONFLICT"],
});

export const setNoticeRecipient = endpoint({
  method: "PUT",
  path: "/api/back-office/adverse-action/:type/:id/recipient",
  audience: "staff",
  summary: "Enter the applicant's e-mail for the notice (never a user's address; audited)",
  tags: ["back office"],
  params: adverseActionParams,
  body: noticeRecipientRequest,
  responses: { 200: adverseActionState },
  errors: [...staffErrors, "NOT_FOUND", "CONFLICT"],
});

export const completedOnRequest = z.object({ completedOn: calendarDay() });

export type CompletedOnRequest = z.infer<typeof completedOnRequest>;

export const setCompletedOn = endpoint({
  method: "PUT",
  path: "/api/back-office/adverse-action/:type/:id/completed-on",
  audience: "staff",
  summary:
    "Record the day the application was complete, from which the notice's 30 days run (kept in the file's history)",
  tags: ["back office"],
  params: adverseActionParams,
  body: completedOnRequest,
  responses: { 200: adverseActionState },
  errors: [...staffErrors, "NOT_FOUND", "CONFLICT"],
});

export const applicationDecisions = ["pending", "approved", "declined"] as const;

export const setApplicationDecision = endpoint({
  method: "PUT",
  path: "/api/back-office/adverse-action/credit-application/:id/decision",
  audience: "staff",
  summary: "Record the credit team's decision on a credit application",
  tags: ["back office"],
  params: z.object({ id: z.uuid() }),
  body: z.object({ decision: z.enum(applicationDecisions) }),
  responses: { 200: adverseActionState },
  errors: [...staffErrors, "NOT_FOUND"],
});

const reasonFlags = Object.fromEntries(
  adverseActionReasonCodes.map((code) => [code, z.optional(z.boolean())]),
) as Record<(typeof adverseActionReasonCodes)[number], z.ZodMiniOptional<z.ZodMiniBoolean>>;

/** The notice form as edited (a flag per reason), checked with the endpoint's own schema. */
export const noticeContentForm = z.pipe(
  z.pipe(
    z.object({ statement: z.enum(noticeStatements), otherReason: z.string(), ...reasonFlags }),
    z.transform((values) => ({
      statement: values.statement,
      reasons: adverseActionReasonCodes.filter((code) => values[code] === true),
      otherReason: values.otherReason,
    })),
  ),
  noticeContentRequest,
);
