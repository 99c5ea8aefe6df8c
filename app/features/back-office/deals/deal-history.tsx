import type { BackOfficeDealDetail } from "#domain/api/back-office-deals.ts";
import { creditTiers, stageLabel } from "#domain/deals/stages.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";

/** The deal form's own labels: the history names a field as the analyst saw it. */
const fieldLabels: Record<string, string> = {
  stage: "Stage",
  dealScore: "Credit tier",
  notes: "Notes",
  costOfEquipment: "Cost of equipment",
  downPayment: "Down payment",
  approvedAmount: "Approved amount",
  declinedReceivedOn: "Application received",
  declinedCompletedOn: "Application complete",
  declinedNoticeSentOn: "Notice sent",
};
const money = new Set(["costOfEquipment", "downPayment", "approvedAmount"]);

function shown(field: string, value: string): string {
  if (value === "") return "—";
  if (field === "stage") return stageLabel(Number(value));
  if (field === "dealScore") return creditTiers[Number(value) as keyof typeof creditTiers] ?? value;
  if (money.has(field)) return formatUsd(Number(value));
  return value;
}

/** Every change to the deal: when, who, which field, from and to. */
export function DealHistory({ history }: { history: BackOfficeDealDetail["history"] }) {
  return (
    <section aria-labelledby="history-heading" className="mt-8">
      <h2 id="history-heading" className="text-xl font-semibold">
        History
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {history.length === 0 ? <li>No changes yet.</li> : null}
        {history.map((entry) => (
          <li key={`${entry.at}-${entry.field}`}>
            {new Date(entry.at).toLocaleString("en-US")}: {entry.actor} changed {fieldLabels[entry.field] ?? entry.field} from “{shown(entry.field, entry.from)}” to “{shown(entry.field, entry.to)}”
          </li>
        ))}
      </ul>
    </section>
  );
}
