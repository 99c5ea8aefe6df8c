import { useFetcher } from "react-router";
import { funderFormValues, funderInput, type FunderRow } from "#domain/funders/contracts.ts";
import { fundingPrograms, industries } from "#domain/funders/funder-terms.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { ChoiceGroup } from "../../../components/ui/choice-group.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";
import { funderFormData, type FunderActionResult } from "./funder-actions.ts";

/**
 * Add (no `funder`) or change a funder of the network: contact, programs and published criteria.
 * A new `version` (what the server now has) starts the form again from it.
 */
export function FunderEditor({ funder, version }: { funder: FunderRow | null; version: string }) {
  const fetcher = useFetcher<FunderActionResult>();
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  return (
    <div className="space-y-2">
      <FunderForm
        key={version}
        funder={funder}
        busy={busy}
        onValid={(data) => void fetcher.submit(data, { method: "post" })}
      />
      {result ? <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert> : null}
    </div>
  );
}

function FunderForm({
  funder,
  busy,
  onValid,
}: {
  funder: FunderRow | null;
  busy: boolean;
  onValid: (data: Record<string, string>) => void;
}) {
  const form = useSchemaForm(funderInput, funderFormValues(funder));
  const title = funder ? `Change ${funder.name}` : "Add a funder";
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (form.validate()) onValid(funderFormData(form.values, funder?.id ?? null));
  };
  return (
    <Form noValidate aria-label={title} onSubmit={submit} className="space-y-4 rounded border border-slate-300 p-4">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" required maxLength={80} {...form.text("name")} />
        <TextField label="Contact name" maxLength={80} {...form.text("contactName")} />
        <TextField label="Contact e-mail" type="email" {...form.text("contactEmail")} />
        <TextField label="Contact phone" inputMode="tel" placeholder="(555) 555-5555" {...form.text("contactPhone")} />
      </div>
      <ChoiceGroup
        legend="Programs it takes"
        choices={fundingPrograms}
        value={form.values.programs}
        error={form.errors.programs}
        onChange={(next) => form.setValue("programs", next)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Minimum credit score"
          inputMode="numeric"
          help="Empty: no minimum."
          {...form.text("minCreditScore")}
        />
        <TextField
          label="Minimum time in business (months)"
          inputMode="numeric"
          help="Empty: no minimum."
          {...form.text("minMonthsInBusiness")}
        />
        <TextField
          label="Minimum amount ($)"
          inputMode="decimal"
          help="Empty: no minimum."
          {...form.text("minAmount")}
        />
        <TextField
          label="Maximum amount ($)"
          inputMode="decimal"
          help="Empty: no maximum."
          {...form.text("maxAmount")}
        />
      </div>
      <ChoiceGroup
        legend="Industries"
        help="None ticked: every industry."
        choices={industries}
        value={form.values.industries}
        error={form.errors.industries}
        onChange={(next) => form.setValue("industries", next)}
      />
      <TextField
        label="States"
        help="Two-letter codes separated by commas, like TX, OK. Empty: every state."
        maxLength={400}
        {...form.text("states")}
      />
      <Checkbox label="Active: staff may send deals to it" {...form.checkbox("active")} />
      <Button type="submit" disabled={busy}>
        {funder ? "Save changes" : "Add funder"}
      </Button>
    </Form>
  );
}
