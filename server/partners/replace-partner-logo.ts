import { eq } from "drizzle-orm";
import type { uploadPartnerLogo } from "#domain/partners/back-office-contracts.ts";
import type { Database } from "../db/client.ts";
import { partner } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { ReceiveMultipart } from "../register-endpoint.ts";
import type { FileStorage } from "../shared/storage/file-storage.ts";

/**
 * Stores the one image of the request's `logo` field (its type and count checked by the contract) as the partner's logo
 * (served at
 * /api/partners/<slug>/logo, its address changing with each upload) and deletes the previous one.
 */
export async function replacePartnerLogo(
  db: Database,
  storage: FileStorage,
  receive: ReceiveMultipart<typeof uploadPartnerLogo>,
  actorId: string,
  partnerId: string,
): Promise<void> {
  const [found] = await db.select().from(partner).where(eq(partner.id, partnerId));
  if (!found) throw new AppError("NOT_FOUND", "Not found.");
  await receive(`partners/${found.id}`, async ({ files }) => {
    const logo = files[0];
    if (!logo) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Upload one PNG, JPEG, WebP or GIF image.");
    await db.transaction(async (tx) => {
      await tx
        .update(partner)
        .set({
          logoUrl: `/api/partners/${found.slug}/logo?v=${logo.storageKey.split("/").pop()}`,
          logoKey: logo.storageKey,
          logoContentType: logo.contentType,
        })
        .where(eq(partner.id, found.id));
      await recordAudit(tx, {
        action: "partner.logo-replaced",
        actorUserId: actorId,
        subject: found.id,
        details: { contentType: logo.contentType, bytes: logo.size },
      });
    });
  });
  if (found.logoKey) await storage.delete(found.logoKey).catch(() => undefined);
}
