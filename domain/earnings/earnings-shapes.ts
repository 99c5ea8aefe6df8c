/** Earnings are paid with each funding, or once a month for the month before (a company setting). */
export const earningsPayoutModes = ["with-funding", "monthly"] as const;
export type EarningsPayoutMode = (typeof earningsPayoutModes)[number];

export const earningsPayoutModeLabels: Record<EarningsPayoutMode, string> = {
  "with-funding": "With each funding",
  monthly: "Monthly",
};

/** The ledger: accrued when a deal funds, paid, clawed back when a funded deal is cancelled within the window. */
export const earningsEntryKinds = ["accrued", "paid", "clawed-back"] as const;
export type EarningsEntryKind = (typeof earningsEntryKinds)[number];

export const earningsEntryKindLabels: Record<EarningsEntryKind, string> = {
  accrued: "Accrued",
  paid: "Paid",
  "clawed-back": "Clawed back",
};
