/** What a payout entry pays: a deal's funding, or a company's month of earnings. */
export const payoutEntryKinds = ["funding", "earnings"] as const;
export type PayoutEntryKind = (typeof payoutEntryKinds)[number];

/** A payout entry is sent in its batch's file; the bank may return it (R01, R03, ...). */
export const payoutEntryStatuses = ["sent", "returned"] as const;
export type PayoutEntryStatus = (typeof payoutEntryStatuses)[number];
