import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { bearerCredential, isApiKeyShape } from "#domain/api-keys/api-key-text.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { apiKey } from "./tables.ts";
import { user } from "../auth/tables.ts";
import { AppError } from "../shared/errors.ts";
import { apiKeyVendorScope, type VendorScope } from "../shared/vendor-scope.ts";
import { hashApiKey } from "./generate-api-key.ts";

/** Who made an /api/v1 request: a key of a company, acting as the vendor user who created it. */
export type ApiKeyCaller = { keyId: string; scope: VendorScope };

/** `last_used_at` is written at most this often per key: reads stay reads. */
const lastUsedWriteIntervalMs = 60_000;

const refused = () => new AppError("UNAUTHENTICATED", "Send a valid API key: Authorization: Bearer <key>.");

/**
 * The key of the request's `Authorization: Bearer` header, looked up by its hash on every
 * request (no cache: a revoked key is refused at once, on every server). A key is refused when
 * it is revoked, or when the vendor who created it was deactivated or left the company.
 */
export async function authenticateApiKey(app: FastifyInstance, request: FastifyRequest): Promise<ApiKeyCaller> {
  const secret = bearerCredential(request.headers.authorization);
  if (!secret || !isApiKeyShape(secret)) throw refused();
  const [found] = await app.db
    .select({
      id: apiKey.id,
      companyId: apiKey.vendorCompanyId,
      lastUsedAt: apiKey.lastUsedAt,
      userId: user.id,
      email: user.email,
      dealerRole: user.dealerRole,
      banned: user.banned,
      role: user.role,
      userCompanyId: user.vendorCompanyId,
    })
    .from(apiKey)
    .innerJoin(user, eq(user.id, apiKey.createdByUserId))
    .where(and(eq(apiKey.secretHash, hashApiKey(secret)), isNull(apiKey.revokedAt)));
  if (!found || found.banned || found.role !== authRoles.vendor || found.userCompanyId !== found.companyId)
    throw refused();
  const now = Date.now();
  if (!found.lastUsedAt || now - found.lastUsedAt.getTime() >= lastUsedWriteIntervalMs) {
    await app.db
      .update(apiKey)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiKey.id, found.id));
  }
  return {
    keyId: found.id,
    scope: apiKeyVendorScope({
      companyId: found.companyId,
      userId: found.userId,
      email: found.email,
      dealerRole: found.dealerRole,
    }),
  };
}
