import { redirect } from "react-router";
import { earningsPayoutModeLabels } from "#domain/earnings/earnings-shapes.ts";
import { earningsPayoutRequest, setEarningsPayoutMode } from "#domain/earnings/tiers-contracts.ts";
import type { PayoutModeActionResult } from "../features/back-office/earnings/earnings-payout-form.tsx";
import { ApiError, call } from "../lib/call.ts";
import type { Route } from "./+types/back-office-earnings-payout-mode";

// An action only: the vendors screen's "Earnings paid" posts here (docs/product-rules.md#r61-dealer-earnings).
export const clientLoader = () => redirect("/back-office/vendors");

export async function clientAction({ request }: Route.ClientActionArgs): Promise<PayoutModeActionResult> {
  const form = await request.formData();
  const parsed = earningsPayoutRequest.safeParse({ payout: form.get("payout") });
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? "Choose how the earnings are paid." };
  try {
    const saved = await call(setEarningsPayoutMode, {
      params: { companyId: String(form.get("companyId") ?? "") },
      body: parsed.data,
    });
    return { ok: true, message: `Earnings now paid: ${earningsPayoutModeLabels[saved.payout].toLowerCase()}.` };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: `Not saved. ${error.message}` };
    throw error;
  }
}

export default function BackOfficeEarningsPayoutMode() {
  return null;
}
