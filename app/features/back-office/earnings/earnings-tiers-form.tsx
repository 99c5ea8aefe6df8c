import { useState } from "react";
import { useFetcher } from "react-router";
import { dollarsText, pointsText } from "#domain/earnings/earnings-figures.ts";
import { maxTiers } from "#domain/earnings/tier-rules.ts";
import {
  earningsRulesInput,
  type EarningsRulesInput,
  type EarningsRulesView,
  type EarningsTierRowInput,
} from "#domain/earnings/tiers-contracts.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";

export type TiersActionResult = { ok: boolean; message: string; errors?: Record<string, string> };

export const rulesFormValues = (rules: EarningsRulesView): EarningsRulesInput => ({
  tiers: rules.tiers.map((tier) => ({
    label: tier.label,
    from: dollarsText(tier.minVolumeCents),
    points: pointsText(tier.pointsBasisPoints),
  })),
  trailingDays: String(rules.trailingDays),
  clawbackDays: String(rules.clawbackDays),
});

const blankRow: EarningsTierRowInput = { label: "", from: "", points: "" };

/**
 * The tiers as a whole (docs/product-rules.md#r61-dealer-earnings): one row per tier (name, the
 * funded volume it starts at, its points), added or removed, and the two windows; checked by the
 * endpoint's own schema (`tiersProblem` for the set, said under the table) before it is sent.
 */
export function EarningsTiersForm({ rules }: { rules: EarningsRulesView }) {
  const fetcher = useFetcher<TiersActionResult>();
  const [values, setValues] = useState<EarningsRulesInput>(() => rulesFormValues(rules));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const shown = { ...result?.errors, ...errors };
  const change = (index: number, patch: Partial<EarningsTierRowInput>) =>
    setValues({ ...values, tiers: values.tiers.map((tier, at) => (at === index ? { ...tier, ...patch } : tier)) });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = earningsRulesInput.safeParse(values);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join(".")] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    void fetcher.submit({ rules: JSON.stringify(values) }, { method: "post" });
  };
  return (
    <Form noValidate aria-label="Earnings tiers" onSubmit={submit} className="mt-4 max-w-4xl space-y-4">
      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">Tiers, lowest first</legend>
        {values.tiers.map((tier, index) => (
          <div
            key={index}
            className="grid items-end gap-3 rounded border border-slate-300 p-3 sm:grid-cols-[2fr_2fr_1fr_auto]"
          >
            <TextField
              label={`Name (tier ${index + 1})`}
              value={tier.label}
              error={shown[`tiers.${index}.label`]}
              onChange={(event) => change(index, { label: event.target.value })}
            />
            <TextField
              label={`From, funded volume in dollars (tier ${index + 1})`}
              inputMode="decimal"
              value={tier.from}
              error={shown[`tiers.${index}.from`]}
              onChange={(event) => change(index, { from: event.target.value })}
            />
            <TextField
              label={`Points, % (tier ${index + 1})`}
              inputMode="decimal"
              value={tier.points}
              error={shown[`tiers.${index}.points`]}
              onChange={(event) => change(index, { points: event.target.value })}
            />
            {values.tiers.length > 1 ? (
              <Button
                type="button"
                variant="secondary"
                onClick={() => setValues({ ...values, tiers: values.tiers.filter((_, at) => at !== index) })}
              >
                Remove tier {index + 1}
              </Button>
            ) : null}
          </div>
        ))}
        <Alert className="mt-2">{shown.tiers}</Alert>
        {values.tiers.length < maxTiers ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => setValues({ ...values, tiers: [...values.tiers, { ...blankRow }] })}
          >
            Add a tier
          </Button>
        ) : null}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Trailing window (days)"
          help="The funded volume that sets a dealer's tier is counted over these days."
          inputMode="numeric"
          value={values.trailingDays}
          error={shown.trailingDays}
          onChange={(event) => setValues({ ...values, trailingDays: event.target.value })}
        />
        <TextField
          label="Clawback window (days)"
          help="A deal cancelled within these days of funding gives its earnings back."
          inputMode="numeric"
          value={values.clawbackDays}
          error={shown.clawbackDays}
          onChange={(event) => setValues({ ...values, clawbackDays: event.target.value })}
        />
      </div>
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        Save the tiers
      </Button>
      <Alert live tone={result?.ok ? "success" : "error"}>
        {result?.message}
      </Alert>
    </Form>
  );
}
