import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { stipStatusValues } from "../stips/stip-rules.ts";
import { stipFileMultipart } from "../stips/contracts.ts";
import { applicantCodeLength, applicantLinkTokenPattern, applicantMessages } from "./applicant-access.ts";

// The applicant's own page (docs/product-rules.md#r56-the-applicants-page): a mailed link's token asks
// for a one-time code, the code opens a session (an httpOnly cookie), the session reads the page.

export const applicantLinkToken = z.string().check(z.regex(applicantLinkTokenPattern, applicantMessages.linkUnknown));

export const applicantCodeRequest = z.object({ token: applicantLinkToken });

export const applicantCodeSent = z.object({
  /** Where the code went, masked ("o•••@granitepeak.example"). */
  sentTo: z.string(),
  expiresInMinutes: z.number(),
});

export const requestApplicantCode = endpoint({
  method: "POST",
  path: "/api/applicant/code",
  audience: "public",
  summary: "E-mail a one-time code to the applicant of the deal a status mail's link names",
  tags: ["applicant"],
  body: applicantCodeRequest,
  responses: { 200: applicantCodeSent },
  errors: ["GONE"],
});

export const applicantSignInRequest = z.object({
  token: applicantLinkToken,
  code: z.string().check(z.trim(), z.regex(new RegExp(`^\\d{${applicantCodeLength}}$`), applicantMessages.codeInvalid)),
});

export const startApplicantSession = endpoint({
  method: "POST",
  path: "/api/applicant/session",
  audience: "public",
  summary: "Confirm the mailed code: opens the applicant's page for two hours (an httpOnly cookie)",
  tags: ["applicant"],
  body: applicantSignInRequest,
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: ["GONE", "CONFLICT"],
});

export const endApplicantSession = endpoint({
  method: "POST",
  path: "/api/applicant/sign-out",
  audience: "applicant",
  summary: "Close the applicant's page on this device",
  tags: ["applicant"],
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: [],
});

export const applicantApproval = z.object({
  amountCents: z.number(),
  termMonths: z.nullable(z.number()),
  paymentCents: z.nullable(z.number()),
  rateBasisPoints: z.nullable(z.number()),
  downPaymentCents: z.nullable(z.number()),
  expiresOn: z.string(),
  /** Whole days left (0 on the last day, negative once expired), in the business time zone. */
  daysLeft: z.number(),
  /** Only when the network's setting shows the funder (funder_setting.show_funder_name). */
  funderName: z.nullable(z.string()),
});

export const applicantStip = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(stipStatusValues),
  /** Why it was not accepted; empty unless rejected. */
  reason: z.string(),
  /** A file may be sent for it now. */
  takesFiles: z.boolean(),
});

export const applicantApplication = z.object({
  businessName: z.string(),
  equipment: z.string(),
  status: z.object({ stage: z.number(), headline: z.string(), detail: z.string() }),
  approval: z.nullable(applicantApproval),
  /** The stips the applicant satisfies (never the dealer's or the credit team's). */
  stips: z.array(applicantStip),
  /** When this page closes (ISO); a session is never extended. */
  sessionEndsAt: z.string(),
});

export type ApplicantApplication = z.infer<typeof applicantApplication>;
export type ApplicantStip = z.infer<typeof applicantStip>;

export const getApplicantApplication = endpoint({
  method: "GET",
  path: "/api/applicant/application",
  audience: "applicant",
  summary:
    "The applicant's application: its status in plain words, the approval's summary and their stips; never an SSN, tax id, date of birth or anyone's notes",
  tags: ["applicant"],
  responses: { 200: applicantApplication },
  errors: [],
});

export const applicantStipParams = z.object({ stipId: z.uuid() });

export const sendApplicantStipFiles = endpoint({
  method: "POST",
  path: "/api/applicant/stips/:stipId/files",
  audience: "applicant",
  summary:
    "Send the files for one of the applicant's stips (multipart: `note`, files `file`), checked like every upload",
  tags: ["applicant"],
  params: applicantStipParams,
  multipart: stipFileMultipart,
  responses: { 201: z.object({ ok: z.literal(true) }) },
  errors: ["NOT_FOUND", "CONFLICT", "BAD_REQUEST", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"],
});
