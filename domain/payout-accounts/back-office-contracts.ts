import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { payoutAccountView } from "./portal-contracts.ts";

// Staff read a vendor company's payout account and its history (docs/product-rules.md#r59-payout-accounts):
// masked, read-only; nobody reveals or changes the account number from the back office.

export const vendorPayoutAccount = z.object({
  companyId: z.string(),
  companyName: z.string(),
  current: z.nullable(payoutAccountView),
  awaiting: z.nullable(payoutAccountView),
  /** Newest first, at most 50. */
  history: z.array(payoutAccountView),
});
export type VendorPayoutAccount = z.infer<typeof vendorPayoutAccount>;

export const getVendorPayoutAccount = endpoint({
  method: "GET",
  path: "/api/back-office/vendors/companies/:companyId/payout-account",
  audience: "staff",
  summary: "A vendor company's payout account (masked), its status, cooling-off and history (staff, read-only)",
  tags: ["back office"],
  params: z.object({ companyId: z.uuid() }),
  responses: { 200: vendorPayoutAccount },
  errors: ["NOT_FOUND"],
});
