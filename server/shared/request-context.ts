import type { ResponsePromise } from "#domain/response-times/response-promise.ts";
import type { DbExecutor } from "../db/client.ts";
import type { FieldCipher } from "./crypto/field-cipher.ts";

/** What a notification mail needs to know; the cipher seals a link's secret (hide-link-secrets.ts). */
export type MailContext = {
  creditTeamEmail: string;
  publicUrl: string;
  product: string;
  cipher: FieldCipher;
};

/**
 * Makes a link to a deal's applicant page in the caller's transaction and answers its address (the
 * composition root passes server/applicant-portal/issue-applicant-link.ts, a subject above the ones that
 * mail the applicant).
 */
export type ApplicantPageLink = (db: DbExecutor, dealId: string) => Promise<string>;

export type LeadContext = MailContext & {
  /** A deal's status mail links to the applicant's page (docs/product-rules.md#r56-the-applicants-page). */
  applicantPageLink: ApplicantPageLink;
  /** Rate limit of each public submission route, per address. */
  rateLimit: { max: number; timeWindow: string };
  /** The promise of a call: each stored lead starts its clock (ADR 0017). */
  promise: ResponsePromise;
};
