export const bankAccountTypes = ["checking", "savings"] as const;
export type BankAccountType = (typeof bankAccountTypes)[number];

/**
 * A dealer's payout account: entered by a dealer admin (awaiting confirmation), confirmed by a second
 * factor (active, usable after the cooling-off period), replaced by the next confirmed account, or
 * cancelled before confirmation.
 */
export const payoutAccountStatuses = ["awaiting-confirmation", "active", "replaced", "cancelled"] as const;
export type PayoutAccountStatus = (typeof payoutAccountStatuses)[number];
