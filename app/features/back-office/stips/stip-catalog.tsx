import { useState } from "react";
import { useFetcher } from "react-router";
import { fundingPrograms, labelOf } from "#domain/funders/funder-terms.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { stipKindFormValues, stipKindInput, type StipKindRow } from "#domain/stips/catalog-contracts.ts";
import { stipSatisfiers } from "#domain/stips/stip-rules.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { ChoiceGroup } from "../../../components/ui/choice-group.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { RadioGroup } from "../../../components/ui/radio-group.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { TextareaField } from "../../../components/ui/textarea-field.tsx";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";
import { stipKindFormData, type StipKindActionResult } from "./stip-kind-actions.ts";

/** When the default rule picks a stip: "Lease, Equipment finance from $50,000.00", "Every program". */
export function defaultRule(kind: StipKindRow): string {
  if (!kind.pickedByDefault) return "Chosen by staff";
  const programs = kind.programs.length
    ? kind.programs.map((program) => labelOf(fundingPrograms, program)).join(", ")
    : "Every program";
  return kind.minAmountCents === null ? programs : `${programs}, from ${formatUsd(kind.minAmountCents / 100)}`;
}

const baseColumns: TableColumn<StipKindRow>[] = [
  { key: "name", header: "Stip", rowHeader: true, cell: (kind) => kind.name },
  { key: "description", header: "What to send", cell: (kind) => kind.description || "—" },
  { key: "by", header: "Sent by", cell: (kind) => labelOf(stipSatisfiers, kind.satisfiedBy) },
  { key: "rule", header: "Asked by default", cell: defaultRule },
  { key: "active", header: "Status", cell: (kind) => (kind.active ? "Active" : "Inactive") },
];

type Editing = { kind: StipKindRow | null };

/**
 * The stips catalog (docs/product-rules.md#r55-stipulations): staff read it, admins add and change
 * stips in a dialog. The result of a save closes the dialog (success, said on the page) or stays in it (why not).
 */
export function StipCatalog({ kinds, admin }: { kinds: readonly StipKindRow[]; admin: boolean }) {
  const fetcher = useFetcher<StipKindActionResult>();
  const busy = fetcher.state !== "idle";
  const [editing, setEditing] = useState<Editing | null>(null);
  const [outcome, setOutcome] = useState<StipKindActionResult | undefined>(undefined);
  const [seen, setSeen] = useState<StipKindActionResult | undefined>(undefined);
  const result = busy ? undefined : fetcher.data;
  if (result && result !== seen) {
    setSeen(result);
    setOutcome(result);
    if (result.ok) setEditing(null);
  }
  const open = (kind: StipKindRow | null) => {
    setOutcome(undefined);
    setEditing({ kind });
  };
  const columns: TableColumn<StipKindRow>[] = admin
    ? [
        ...baseColumns,
        {
          key: "change",
          header: "Change",
          cell: (kind) => (
            <Button variant="secondary" aria-label={`Change ${kind.name}`} onClick={() => open(kind)}>
              Change
            </Button>
          ),
        },
      ]
    : baseColumns;
  return (
    <>
      {admin ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button onClick={() => open(null)}>Add a stip</Button>
        </div>
      ) : null}
      <Alert tone="success" live className="mt-4">
        {outcome?.ok && !editing ? outcome.message : ""}
      </Alert>
      <Table caption="Stips catalog" columns={columns} rows={kinds} rowKey={(kind) => kind.id} empty="No stips yet." />
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind ? `Change ${editing.kind.name}` : "Add a stip"}
      >
        {editing ? (
          <StipKindForm
            kind={editing.kind}
            busy={busy}
            error={outcome && !outcome.ok ? outcome.message : undefined}
            onValid={(data) => void fetcher.submit(data, { method: "post" })}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function StipKindForm({
  kind,
  busy,
  error,
  onValid,
}: {
  kind: StipKindRow | null;
  busy: boolean;
  error: string | undefined;
  onValid: (data: Record<string, string>) => void;
}) {
  const form = useSchemaForm(stipKindInput, stipKindFormValues(kind));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (form.validate()) onValid(stipKindFormData(form.values, kind?.id ?? null));
  };
  return (
    <Form noValidate aria-label={kind ? `Change ${kind.name}` : "Add a stip"} onSubmit={submit} className="space-y-4">
      <TextField label="Name" required maxLength={200} {...form.text("name")} />
      <TextareaField
        label="What to send"
        help="What the dealer or applicant reads: exactly what to send."
        maxLength={1000}
        rows={3}
        {...form.text("description")}
      />
      <RadioGroup
        legend="Sent by"
        name="satisfiedBy"
        options={stipSatisfiers}
        value={String(form.values.satisfiedBy)}
        error={form.errors.satisfiedBy}
        onChange={(value) => form.setValue("satisfiedBy", value)}
      />
      <Checkbox label="Ask for it by default when an approval is presented" {...form.checkbox("pickedByDefault")} />
      <ChoiceGroup
        legend="For the programs"
        help="None ticked: every program."
        choices={fundingPrograms}
        value={form.values.programs}
        error={form.errors.programs}
        onChange={(next) => form.setValue("programs", next)}
      />
      <TextField
        label="From an approved amount of ($)"
        inputMode="decimal"
        help="Empty: any amount."
        {...form.text("minAmount")}
      />
      <Checkbox label="Active: staff may request it" {...form.checkbox("active")} />
      {error ? <Alert>{error}</Alert> : null}
      <Button type="submit" disabled={busy}>
        {kind ? "Save changes" : "Add stip"}
      </Button>
    </Form>
  );
}
