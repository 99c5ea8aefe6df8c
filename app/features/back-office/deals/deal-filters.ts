import { backOfficeDealQuery, type BackOfficeDealQuery } from "#domain/api/back-office-deals.ts";

/** The deals list's filters as kept in the URL: stage, company (vendor), month (0-11), q, waiting ("1": the vendor wrote last). */
export type DealFilters = { stage: string; company: string; month: string; q: string; waiting: string };

const keys = ["stage", "company", "month", "q", "waiting"] as const;

/** Reads the filters from the URL; a value the endpoint would refuse is dropped (all), not sent. */
export function readDealFilters(search: URLSearchParams): DealFilters {
  const filters: DealFilters = { stage: "", company: "", month: "", q: "", waiting: "" };
  for (const key of keys) {
    const value = search.get(key)?.trim() ?? "";
    if (value && backOfficeDealQuery.safeParse({ [key]: value }).success) filters[key] = value;
  }
  return filters;
}

/** The endpoint's query: only the filters that are set. */
export function dealQuery(filters: DealFilters): BackOfficeDealQuery {
  return Object.fromEntries(keys.filter((key) => filters[key] !== "").map((key) => [key, filters[key]]));
}

/** The URL search of the filters with one changed ("" or "all" clears it). */
export function withFilter(filters: DealFilters, key: keyof DealFilters, value: string): URLSearchParams {
  return new URLSearchParams(dealQuery({ ...filters, [key]: value === "all" ? "" : value }) as Record<string, string>);
}
