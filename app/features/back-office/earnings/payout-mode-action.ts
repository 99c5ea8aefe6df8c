import { earningsPayoutModeLabels } from "#domain/earnings/earnings-shapes.ts";
import { earningsPayoutRequest, setEarningsPayoutMode } from "#domain/earnings/tiers-contracts.ts";
import { ApiError, call } from "../../../lib/call.ts";

export type PayoutModeActionResult = { ok: boolean; message: string };

/** "Earnings paid" from the vendors screen (`companyId`, `payout`), checked by the endpoint's schema first. */
export async function runPayoutModeAction(form: FormData): Promise<PayoutModeActionResult> {
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
