import * as z from "zod/mini";

/**
 * A deal's funding as the dealer reads it (the portal, GET /api/v1/deals/{id}/funding and
 * `deal.funded`): the amounts in cents, never who prepared or approved it.
 */
export const dealerFunding = z.object({
  status: z.enum(["funded", "cancelled"]),
  /** The business day the deal funded, "YYYY-MM-DD" in the lender's time zone. */
  fundedOn: z.string(),
  amountFinancedCents: z.int(),
  equipmentCostCents: z.int(),
  downPaymentCents: z.int(),
  feesCents: z.int(),
  /** Earnings paid with this funding (0 when the company's earnings are paid monthly). */
  earningsCents: z.int(),
  /** What the dealer receives: equipment cost - down payment - fees + earnings paid with funding. */
  amountCents: z.int(),
  cancelledOn: z.nullable(z.string()),
});
export type DealerFunding = z.infer<typeof dealerFunding>;
