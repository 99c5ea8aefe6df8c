import { useLocation, useNavigation, useSearchParams } from "react-router";
import { leadStatuses, type LeadStatus } from "#domain/leads/lead-inbox.ts";
import { SelectField } from "../../../components/ui/select-field.tsx";

/** The inbox's status filter as kept in the address (`?status=new`); anything else means all. */
export function statusFilterOf(search: URLSearchParams): LeadStatus | undefined {
  const value = search.get("status");
  return leadStatuses.find((status) => status === value);
}

/** Changing the status loads the inbox again through the route's loader; the choice shows while it loads. */
export function LeadStatusFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const shown = navigation.location?.pathname === location.pathname ? new URLSearchParams(navigation.location.search) : searchParams;
  return (
    <SelectField
      label="Status"
      placeholder="All"
      options={leadStatuses.map((value) => ({ value, label: value }))}
      value={statusFilterOf(shown) ?? ""}
      onChange={(event) => void setSearchParams(event.target.value ? { status: event.target.value } : {})}
    />
  );
}
