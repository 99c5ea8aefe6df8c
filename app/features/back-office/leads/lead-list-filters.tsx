import { UNASSIGNED, type LeadInboxQuery } from "#domain/leads/back-office-contracts.ts";
import { leadStatuses, leadTypeLabels, leadTypes } from "#domain/leads/lead-inbox.ts";
import { DateRangeFilter, ListFilters, useListView } from "../../../components/ui/list-controls.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";

const typeOptions = leadTypes.map((value) => ({ value, label: leadTypeLabels[value] }));
const statusOptions = leadStatuses.map((value) => ({ value, label: value }));

/** Search and filters of the lead list; each choice is a navigation (the URL keeps the view). */
export function LeadListFilters({ view, meId }: { view: LeadInboxQuery; meId: string }) {
  const change = useListView();
  const assigneeOptions = [
    { value: meId, label: "Me" },
    { value: UNASSIGNED, label: "Nobody" },
    ...(view.assignee && view.assignee !== meId && view.assignee !== UNASSIGNED
      ? [{ value: view.assignee, label: "Another member of the team" }]
      : []),
  ];
  return (
    <ListFilters name="Search and filter leads" q={view.q ?? ""} help="Name, business, e-mail or phone">
      <SelectField
        label="Kind"
        placeholder="All kinds"
        options={typeOptions}
        value={view.type ?? ""}
        onChange={(event) => void change({ type: event.target.value })}
      />
      <SelectField
        label="Status"
        placeholder="All"
        options={statusOptions}
        value={view.status ?? ""}
        onChange={(event) => void change({ status: event.target.value })}
      />
      <SelectField
        label="Assignee"
        placeholder="Anyone"
        options={assigneeOptions}
        value={view.assignee ?? ""}
        onChange={(event) => void change({ assignee: event.target.value })}
      />
      <DateRangeFilter verb="Received" from={view.from ?? ""} to={view.to ?? ""} />
    </ListFilters>
  );
}
