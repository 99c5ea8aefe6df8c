import { useState } from "react";
import { useFetcher } from "react-router";
import { earningsPayoutModeLabels, earningsPayoutModes } from "#domain/earnings/earnings-shapes.ts";
import type { VendorCompany } from "#domain/vendors/contracts.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import type { PayoutModeActionResult } from "./payout-mode-action.ts";

/** The route whose action sets a company's payout mode (app/routes/back-office-earnings.tsx, `runPayoutModeAction`). */
export const payoutModeAction = "/back-office/earnings";

/**
 * "Earnings paid" on a vendor company (staff; docs/product-rules.md#r61-dealer-earnings): with each
 * funding or monthly. Posted to the earnings screen's action, so the vendors screen only places it.
 */
export function EarningsPayoutForm({ company }: { company: Pick<VendorCompany, "id" | "name" | "earningsPayout"> }) {
  const fetcher = useFetcher<PayoutModeActionResult>();
  const [payout, setPayout] = useState<string>(company.earningsPayout);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <Form
      aria-label={`Earnings paid by ${company.name}`}
      className="mt-2 flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void fetcher.submit({ companyId: company.id, payout }, { method: "post", action: payoutModeAction });
      }}
    >
      <SelectField
        label="Earnings paid"
        value={payout}
        onChange={(event) => setPayout(event.target.value)}
        options={earningsPayoutModes.map((mode) => ({ value: mode, label: earningsPayoutModeLabels[mode] }))}
      />
      <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
        Save how earnings are paid
      </Button>
      <Alert live tone={result?.ok ? "success" : "error"} className="basis-full">
        {result?.message}
      </Alert>
    </Form>
  );
}
