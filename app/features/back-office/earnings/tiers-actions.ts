import { earningsRulesInput, saveEarningsRules, type EarningsRulesInput } from "#domain/earnings/tiers-contracts.ts";
import { ApiError, call } from "../../../lib/call.ts";
import type { TiersActionResult } from "./earnings-tiers-form.tsx";

/** The tiers screen's action: the set as typed (JSON in `rules`), checked by the endpoint's schema, then saved. */
export async function runTiersAction(form: FormData): Promise<TiersActionResult> {
  let typed: unknown;
  try {
    typed = JSON.parse(String(form.get("rules") ?? ""));
  } catch {
    return { ok: false, message: "The tiers were not saved: that did not work." };
  }
  const checked = earningsRulesInput.safeParse(typed);
  if (!checked.success) {
    const errors: Record<string, string> = {};
    for (const issue of checked.error.issues) errors[issue.path.join(".")] ??= issue.message;
    return { ok: false, message: "The tiers were not saved. Please check the highlighted fields.", errors };
  }
  try {
    await call(saveEarningsRules, { body: typed as EarningsRulesInput });
    return { ok: true, message: "Tiers saved. Deals that fund from now on earn by these tiers." };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: `The tiers were not saved. ${error.message}` };
    throw error;
  }
}
