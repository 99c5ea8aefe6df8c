/**
 * JSON with object keys sorted at every depth: two bodies that mean the same (keys in another
 * order) give the same text, so the same `Idempotency-Key` with the same request replays.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** How long an `Idempotency-Key` is remembered (documented in docs/dealer-api.md). */
export const idempotencyWindowHours = 24;
