import { backOfficeDealQuery, type BackOfficeDealQuery } from "#domain/deals/back-office-contracts.ts";
import type { TableSort } from "../../../components/ui/table.tsx";
import { readListParams } from "../../../lib/list-url.ts";

const keys = ["q", "stage", "company", "month", "waiting", "from", "to", "sort", "dir", "cursor"] as const;

/** The deal list's view as kept in the URL; a value the endpoint would refuse is dropped (all), not sent. */
export function readDealView(search: URLSearchParams): BackOfficeDealQuery {
  return readListParams(backOfficeDealQuery, search, keys) as BackOfficeDealQuery;
}

const columnOfSort = { updated: "updated", created: "updated", business: "business" } as const;

/** The table's sorted column: "Business" by name, "Updated" by last update (newest first unless chosen). */
export function dealTableSort(view: BackOfficeDealQuery): TableSort | null {
  if (view.sort === "created") return null;
  const key = columnOfSort[view.sort ?? "updated"];
  const ascending = view.dir ? view.dir === "asc" : view.sort === "business";
  return { key, direction: ascending ? "ascending" : "descending" };
}

/** The URL change for a header's sort. */
export function dealSortParams(sort: TableSort): Record<string, string> {
  return {
    sort: sort.key === "business" ? "business" : "updated",
    dir: sort.direction === "ascending" ? "asc" : "desc",
  };
}
