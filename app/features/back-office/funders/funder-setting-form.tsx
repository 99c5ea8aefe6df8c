import { useState } from "react";
import { useFetcher } from "react-router";
import type { FunderSettings } from "#domain/funders/contracts.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { funderSettingIntent, type FunderActionResult } from "./funder-actions.ts";

/**
 * Whether dealers see the funder's name on a presented approval (docs/product-rules.md#r54-the-funder-network):
 * admins change it (audited); other staff read it.
 */
export function FunderSettingForm({ settings, admin }: { settings: FunderSettings; admin: boolean }) {
  const fetcher = useFetcher<FunderActionResult>();
  const [show, setShow] = useState(settings.showFunderName);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const changed = settings.updatedBy
    ? ` Last changed by ${settings.updatedBy} on ${new Date(settings.updatedAt!).toLocaleString("en-US")}.`
    : "";
  return (
    <section aria-labelledby="funder-setting-heading" className="mt-6 max-w-prose rounded border border-slate-300 p-4">
      <h2 id="funder-setting-heading" className="text-lg font-semibold">
        What dealers see
      </h2>
      {admin ? (
        <fetcher.Form method="post" className="mt-2 space-y-3">
          <input type="hidden" name="intent" value={funderSettingIntent} />
          <input type="hidden" name="showFunderName" value={String(show)} />
          <Checkbox
            label="Show the funder's name to dealers"
            checked={show}
            onChange={(event) => setShow(event.target.checked)}
            help={`When on, a dealer's Approval box names the funder whose approval was presented. Other funders and their answers are never shown.${changed}`}
          />
          <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
            Save setting
          </Button>
          {result ? <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert> : null}
        </fetcher.Form>
      ) : (
        <p className="mt-2">
          {settings.showFunderName
            ? "Dealers see the name of the funder whose approval was presented."
            : "Dealers do not see which funder approved a deal."}
          {changed}
        </p>
      )}
    </section>
  );
}
