import type { ResponsePromise } from "#domain/response-times/response-promise.ts";
import type { FieldCipher } from "./crypto/field-cipher.ts";

/** What a notification mail needs to know; the cipher seals a link's secret (hide-link-secrets.ts). */
export type MailContext = {
  creditTeamEmail: string;
  publicUrl: string;
  product: string;
  cipher: FieldCipher;
};

export type LeadContext = MailContext & {
  /** Rate limit of each public submission route, per address. */
  rateLimit: { max: number; timeWindow: string };
  /** The promise of a call: each stored lead starts its clock (ADR 0017). */
  promise: ResponsePromise;
};
