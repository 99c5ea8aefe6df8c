import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { apiKey } from "./tables.ts";
import { user } from "../auth/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import type { Brand } from "#domain/site/brand.ts";
import { tellCompanyOfCredential } from "../auth/tell-company-of-credential.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { generateApiKey } from "./generate-api-key.ts";

const summaryColumns = {
  id: apiKey.id,
  name: apiKey.name,
  prefix: apiKey.prefix,
  createdAt: apiKey.createdAt,
  createdBy: user.email,
  lastUsedAt: apiKey.lastUsedAt,
  companyId: apiKey.vendorCompanyId,
  companyName: vendorCompany.name,
};

type SummaryRow = { createdAt: Date; lastUsedAt: Date | null };
const asSummary = <T extends SummaryRow>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The keys that are not revoked, newest first: one company's, or every company's. */
export async function listApiKeys(db: Database, companyId?: string) {
  const rows = await db
    .select(summaryColumns)
    .from(apiKey)
    .innerJoin(user, eq(user.id, apiKey.createdByUserId))
    .innerJoin(vendorCompany, eq(vendorCompany.id, apiKey.vendorCompanyId))
    .where(and(isNull(apiKey.revokedAt), companyId ? eq(apiKey.vendorCompanyId, companyId) : undefined))
    .orderBy(desc(apiKey.createdAt));
  return rows.map(asSummary);
}

/** A new key for the company; its secret is in this answer only. Audited, and mailed to the company's dealer admins. */
export async function createApiKey(
  db: Database,
  mail: { brand: Brand; publicUrl: string },
  input: { companyId: string; userId: string; email: string; name: string; ipAddress: string },
) {
  const { secret, prefix, hash } = generateApiKey();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKey)
      .values({
        vendorCompanyId: input.companyId,
        name: input.name,
        prefix,
        secretHash: hash,
        createdByUserId: input.userId,
      })
      .returning();
    await recordAudit(tx, {
      action: "api-key.create",
      actorUserId: input.userId,
      subject: row!.id,
      ipAddress: input.ipAddress,
      details: { companyId: input.companyId, name: input.name, prefix },
    });
    await tellCompanyOfCredential(tx, mail, input.companyId, input.email, { kind: "api-key", name: row!.name, prefix });
    return {
      key: {
        id: row!.id,
        name: row!.name,
        prefix,
        createdAt: row!.createdAt.toISOString(),
        createdBy: input.email,
        lastUsedAt: null,
      },
      secret,
    };
  });
}

/**
 * Revokes a key (of `companyId` when given: a vendor's own company): the next request with it is
 * refused, since every request looks its key up. False when there is no such key not yet revoked.
 */
export async function revokeApiKey(
  db: Database,
  input: { keyId: string; companyId?: string; userId: string; ipAddress: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKey)
      .set({ revokedAt: new Date(), revokedByUserId: input.userId })
      .where(
        and(
          eq(apiKey.id, input.keyId),
          isNull(apiKey.revokedAt),
          input.companyId ? eq(apiKey.vendorCompanyId, input.companyId) : undefined,
        ),
      )
      .returning({ id: apiKey.id, companyId: apiKey.vendorCompanyId, prefix: apiKey.prefix });
    if (!row) return false;
    await recordAudit(tx, {
      action: "api-key.revoke",
      actorUserId: input.userId,
      subject: row.id,
      ipAddress: input.ipAddress,
      details: { companyId: row.companyId, prefix: row.prefix },
    });
    return true;
  });
}
