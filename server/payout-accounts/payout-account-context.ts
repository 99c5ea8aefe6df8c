import type { MailContext } from "../shared/request-context.ts";

/** What a payout account change needs besides mail: the business time zone, the lender's phone, the cooling-off period. */
export type PayoutAccountContext = MailContext & {
  timeZone: string;
  /** The lender's phone, in the change mail: "If you did not make this change, call us at ...". */
  phone: string;
  /** PAYOUT_COOLING_OFF_BUSINESS_DAYS (docs/product-rules.md#r59-payout-accounts). */
  coolingOffBusinessDays: number;
};
