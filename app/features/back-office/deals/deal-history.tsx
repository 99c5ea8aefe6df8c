import type { BackOfficeDealDetail } from "#domain/deals/back-office-contracts.ts";
import { dealFieldLabel, dealValueText } from "#domain/deals/deal-field-labels.ts";

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
            {new Date(entry.at).toLocaleString("en-US")}: {entry.actor} changed {dealFieldLabel(entry.field)} from “
            {dealValueText(entry.field, entry.from)}” to “{dealValueText(entry.field, entry.to)}”
          </li>
        ))}
      </ul>
    </section>
  );
}
