/** What staff confirm on the verification call (docs/product-rules.md#r58-verification-and-funding). */
export const verificationItems = ["identity", "equipment-received", "payment-and-term", "insurance"] as const;
export type VerificationItem = (typeof verificationItems)[number];

export const verificationItemLabels: Record<VerificationItem, string> = {
  identity: "Identity of the person called",
  "equipment-received": "Equipment received and working",
  "payment-and-term": "Payment amount and term",
  insurance: "Insurance in place",
};

/**
 * A deal's funding: prepared by one staff member, approved or rejected by another (maker-checker);
 * an approved funding makes the deal Funded and waits for the day's payout batch; a funded deal
 * cancelled afterwards is `cancelled` (its earnings clawed back within the window).
 */
export const fundingStatuses = ["awaiting-approval", "approved", "rejected", "cancelled"] as const;
export type FundingStatus = (typeof fundingStatuses)[number];

export const fundingStatusLabels: Record<FundingStatus, string> = {
  "awaiting-approval": "Waiting for a second approval",
  approved: "Approved",
  rejected: "Rejected",
  cancelled: "Cancelled",
};
