import { createHash } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { canonicalJson, idempotencyWindowHours } from "#domain/api-keys/request-fingerprint.ts";
import type { Database } from "../db/client.ts";
import { apiIdempotency } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";

/** What a request is, for its `Idempotency-Key`: the route, its parameters and its body (files by their SHA-256). */
export function requestFingerprint(route: string, params: unknown, body: unknown): string {
  return createHash("sha256").update(canonicalJson({ route, params, body })).digest("hex");
}

export type Answer<T> = { status: number; body: T; replayed: boolean };

/**
 * Runs a create once per company and `Idempotency-Key`: the key is claimed first (a row without
 * an answer), then the answer is stored. The same key with the same request gets the stored
 * answer again; with another request, or while the first still runs, a 409. A create that fails
 * gives its key back, so a retry runs again. Keys are remembered for 24 hours. The fingerprint
 * holds the key's user too: a colleague's request under the same key is another request
 * (docs/product-rules.md#r53-a-dealers-team), never answered with the first one's deal.
 */
export async function idempotent<T>(
  db: Database,
  scope: VendorScope,
  key: string,
  fingerprint: string,
  run: () => Promise<{ status: number; body: T }>,
): Promise<Answer<T>> {
  const asked = createHash("sha256").update(`${scope.userId}\n${fingerprint}`).digest("hex");
  const mine = and(eq(apiIdempotency.vendorCompanyId, scope.companyId), eq(apiIdempotency.key, key));
  await db
    .delete(apiIdempotency)
    .where(and(mine, lt(apiIdempotency.createdAt, sql`now() - make_interval(hours => ${idempotencyWindowHours})`)));
  const [claimed] = await db
    .insert(apiIdempotency)
    .values({ vendorCompanyId: scope.companyId, key, fingerprint: asked })
    .onConflictDoNothing()
    .returning({ key: apiIdempotency.key });
  if (!claimed) {
    const [earlier] = await db.select().from(apiIdempotency).where(mine);
    if (!earlier || earlier.fingerprint !== asked)
      throw new AppError(
        "CONFLICT",
        "This Idempotency-Key was used for another request. Use a new key for a new request.",
      );
    if (earlier.status === null)
      throw new AppError("CONFLICT", "A request with this Idempotency-Key is still running. Retry in a moment.");
    return { status: earlier.status, body: earlier.response as T, replayed: true };
  }
  let answer: { status: number; body: T };
  try {
    answer = await run();
  } catch (error) {
    await db.delete(apiIdempotency).where(and(mine, isNull(apiIdempotency.status)));
    throw error;
  }
  await db
    .update(apiIdempotency)
    .set({ status: answer.status, response: answer.body as object })
    .where(mine);
  return { ...answer, replayed: false };
}
