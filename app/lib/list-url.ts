/**
 * A list's view kept in the page's URL (docs/product-rules.md#r46-back-office-lists): reading it back keeps only the
 * values the
 * list's query schema accepts (anything else means "all"), and changing one starts again at the
 * first page.
 */
type QuerySchema = { safeParse: (value: unknown) => { success: boolean } };

export function readListParams<Key extends string>(
  schema: QuerySchema,
  search: URLSearchParams,
  keys: readonly Key[],
): Partial<Record<Key, string>> {
  const view: Partial<Record<Key, string>> = {};
  for (const key of keys) {
    const value = search.get(key)?.trim() ?? "";
    if (value && schema.safeParse({ [key]: value }).success) view[key] = value;
  }
  // Values that are fine alone but not together (a range that ends before it starts) are dropped together.
  if (!schema.safeParse(view).success) {
    const rest: Partial<Record<Key, string>> = { ...view };
    delete rest["from" as Key];
    delete rest["to" as Key];
    return rest;
  }
  return view;
}

/** The URL search with `changes` applied ("" removes a key) and, unless a cursor is given, the first page. */
export function withListParams(current: URLSearchParams, changes: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(current);
  if (!("cursor" in changes)) next.delete("cursor");
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
