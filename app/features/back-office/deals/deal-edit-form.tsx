import {
  dealUpdateForm,
  type BackOfficeDealDetail,
  type DealUpdate,
  type DealUpdateFormValues,
} from "#domain/deals/back-office-contracts.ts";
import { dealFieldLabels } from "#domain/deals/deal-field-labels.ts";
import { creditTierOptions, stageLabel, stageValues } from "#domain/deals/stages.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";

const stageOptions = stageValues.map((value) => ({ value: String(value), label: stageLabel(value) }));

function formValues(deal: BackOfficeDealDetail["deal"]): DealUpdateFormValues {
  return {
    stage: String(deal.stage),
    notes: deal.notes,
    dealScore: String(deal.dealScore),
    costOfEquipment: String(deal.costOfEquipment),
    downPayment: String(deal.downPayment),
    approvedAmount: deal.approvedAmount === null ? "" : String(deal.approvedAmount),
    declinedReceivedOn: deal.declinedReceivedOn ?? "",
    declinedCompletedOn: deal.declinedCompletedOn ?? "",
    declinedNoticeSentOn: deal.declinedNoticeSentOn ?? "",
  };
}

/** Stage, credit tier, notes, amounts and (declined) the adverse-action dates, checked by the PATCH's own schema. */
export function DealEditForm({
  deal,
  onSave,
  saving,
}: {
  deal: BackOfficeDealDetail["deal"];
  onSave: (changes: DealUpdate) => void;
  saving: boolean;
}) {
  const form = useSchemaForm(dealUpdateForm, formValues(deal));
  return (
    <Form
      noValidate
      aria-label="Update the deal"
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        const changes = form.validate();
        if (changes) onSave(changes);
      }}
    >
      <SelectField label={dealFieldLabels.stage} options={stageOptions} {...form.text("stage")} />
      <SelectField label={dealFieldLabels.dealScore} options={creditTierOptions} {...form.text("dealScore")} />
      <TextField label={dealFieldLabels.notes} className="sm:col-span-2" {...form.text("notes")} />
      <TextField
        label={dealFieldLabels.costOfEquipment}
        type="number"
        min={0}
        step="0.01"
        {...form.text("costOfEquipment")}
      />
      <TextField label={dealFieldLabels.downPayment} type="number" min={0} step="0.01" {...form.text("downPayment")} />
      <TextField
        label={dealFieldLabels.approvedAmount}
        type="number"
        min={0}
        step="0.01"
        help="Empty until approved; the vendor is mailed every change"
        {...form.text("approvedAmount")}
      />
      {form.values.stage === "0" ? (
        <fieldset className="sm:col-span-2">
          <legend className="font-medium">Adverse action timeline</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField label={dealFieldLabels.declinedReceivedOn} type="date" {...form.text("declinedReceivedOn")} />
            <TextField label={dealFieldLabels.declinedCompletedOn} type="date" {...form.text("declinedCompletedOn")} />
            <TextField
              label={dealFieldLabels.declinedNoticeSentOn}
              type="date"
              {...form.text("declinedNoticeSentOn")}
            />
          </div>
        </fieldset>
      ) : null}
      <Button type="submit" disabled={saving}>
        Save changes
      </Button>
    </Form>
  );
}
