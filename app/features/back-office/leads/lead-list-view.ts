import { leadInboxQuery, type LeadInboxQuery } from "#domain/leads/back-office-contracts.ts";
import type { TableSort } from "../../../components/ui/table.tsx";
import { readListParams } from "../../../lib/list-url.ts";

const keys = ["q", "type", "status", "assignee", "from", "to", "sort", "dir", "cursor"] as const;

/** The lead list's view as kept in the URL; a value the endpoint would refuse is dropped (all). */
export function readLeadView(search: URLSearchParams): LeadInboxQuery {
  return readListParams(leadInboxQuery, search, keys) as LeadInboxQuery;
}

/** The table's sorted column: "Lead" is the title, "Arrived" the time received (newest first unless chosen). */
export function leadTableSort(view: LeadInboxQuery): TableSort {
  if (view.sort === "title") return { key: "lead", direction: view.dir === "desc" ? "descending" : "ascending" };
  return { key: "arrived", direction: view.dir === "asc" ? "ascending" : "descending" };
}

/** The URL change for a header's sort. */
export function leadSortParams(sort: TableSort): Record<string, string> {
  return { sort: sort.key === "lead" ? "title" : "created", dir: sort.direction === "ascending" ? "asc" : "desc" };
}
