/**
 * Principal reasons for adverse action, after the sample notice of Regulation B (12 CFR 1002,
 * appendix C, form C-1), worded for a business applicant. Staff pick one or more, or "other"
 * with their own words; the codes are stored, the labels printed.
 */
export const adverseActionReasons = [
  { code: "application-incomplete", label: "Credit application incomplete" },
  { code: "insufficient-credit-references", label: "Insufficient number of credit references provided" },
  { code: "unacceptable-credit-references", label: "Unacceptable type of credit references provided" },
  { code: "unable-to-verify-credit-references", label: "Unable to verify credit references" },
  { code: "time-in-business", label: "Length of time in business" },
  { code: "insufficient-revenue", label: "Business revenue insufficient for amount of credit requested" },
  { code: "excessive-obligations", label: "Excessive obligations in relation to revenue" },
  { code: "unable-to-verify-revenue", label: "Unable to verify business revenue" },
  { code: "no-credit-file", label: "No credit file" },
  { code: "limited-credit-experience", label: "Limited credit experience" },
  { code: "poor-performance-with-us", label: "Poor credit performance with us" },
  { code: "delinquent-obligations", label: "Delinquent past or present credit obligations with others" },
  { code: "collection-or-judgment", label: "Collection action or judgment" },
  { code: "garnishment-or-attachment", label: "Garnishment or attachment" },
  { code: "foreclosure-or-repossession", label: "Foreclosure or repossession" },
  { code: "bankruptcy", label: "Bankruptcy" },
  { code: "recent-inquiries", label: "Number of recent inquiries on credit bureau report" },
  { code: "collateral-insufficient", label: "Value or type of collateral not sufficient" },
] as const;

export type AdverseActionReasonCode = (typeof adverseActionReasons)[number]["code"];

export const adverseActionReasonCodes = adverseActionReasons.map((reason) => reason.code) as [
  AdverseActionReasonCode,
  ...AdverseActionReasonCode[],
];

/** The printed reasons: the chosen codes' labels in the list's order, then staff's own words. */
export function reasonLabels(codes: readonly string[], otherReason: string): string[] {
  const chosen = adverseActionReasons.filter((reason) => codes.includes(reason.code)).map((reason) => reason.label);
  const other = otherReason.trim();
  return other ? [...chosen, other] : chosen;
}

/** 12 CFR 1002.9(a)(2)(ii): the applicant may ask for the reasons within 60 days of the notice. */
export const rightToRequestDays = 60;
