import { applicationDecisions, type AdverseActionState } from "#domain/adverse-action/contracts.ts";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { useAdverseActionChange } from "./adverse-action-section.tsx";

const labels = { pending: "Pending", approved: "Approved", declined: "Declined" } as const;
const options = applicationDecisions.map((value) => ({ value, label: labels[value] }));

/** The credit team's decision on a credit application; "Declined" opens its adverse-action notice. */
export function ApplicationDecision({ state }: { state: AdverseActionState }) {
  const { submit, busy } = useAdverseActionChange(state.type, state.id);
  return (
    <section aria-labelledby="decision-heading" className="mt-6">
      <h2 id="decision-heading" className="text-xl font-semibold">
        Decision
      </h2>
      <SelectField
        label="Credit decision"
        name="decision"
        options={options}
        value={state.decision ?? "pending"}
        disabled={busy}
        onChange={(event) =>
          submit({ intent: "decision", decision: event.target.value as (typeof applicationDecisions)[number] })
        }
      />
    </section>
  );
}
