import { vendorListQuery, type VendorListQuery } from "#domain/vendors/contracts.ts";
import { readListParams } from "../../../lib/list-url.ts";

const keys = ["q", "sort", "dir", "cursor"] as const;

/** The vendors list's view as kept in the URL (docs/product-rules.md#r46-back-office-lists); a value the endpoint would refuse is dropped, not sent. */
export function readVendorView(search: URLSearchParams): VendorListQuery {
  return readListParams(vendorListQuery, search, keys) as VendorListQuery;
}

export const vendorSortOptions = [
  { value: "name", label: "Name, A to Z" },
  { value: "newest", label: "Newest first" },
] as const;
