import type { FastifyPluginAsync } from "fastify";
import { eq } from "drizzle-orm";
import type { Brand } from "#domain/site/brand.ts";
import {
  downloadSigningDocument,
  generateSigningPackage,
  getDealSigning,
  previewSigningDocument,
  resendSigningRequest as resendSigningRequestEndpoint,
  sendSigningPackage,
  voidSigningPackage,
} from "#domain/signing/back-office-contracts.ts";
import { verifySealedFile } from "#domain/signing/verify-contracts.ts";
import { buffer } from "node:stream/consumers";
import { registerEndpoint } from "../register-endpoint.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { DealUpdateContext } from "../deals/update-deal.ts";
import { AppError } from "../shared/errors.ts";
import { generatePackage } from "./generate-package.ts";
import { resendSigningRequest } from "./resend-signing-request.ts";
import { sendPackage } from "./send-package.ts";
import { dealSigning } from "./staff-signing-view.ts";
import { signingDocument, signingPackage } from "./tables.ts";
import { verifySealedFileBytes } from "./verify-sealed-file.ts";
import { voidPackage } from "./void-package.ts";

/**
 * A deal's agreement package in the back office (docs/product-rules.md#r57-documents-and-e-signature):
 * staff generate it, preview each document, send it, void it with a reason, and mail a signer a
 * new link. Every answer is the deal's signing view as it now stands.
 */
export const backOfficeSigningRoutes: FastifyPluginAsync<{ context: DealUpdateContext; brand: Brand }> = async (
  app,
  { context, brand },
) => {
  const view = (dealId: string) => dealSigning(app.db, brand, dealId);
  const staffContext = { ...context, timeZone: brand.timeZone };

  registerEndpoint(app, getDealSigning, async (request) => view(request.params.id));

  registerEndpoint(app, generateSigningPackage, async (request, reply, user) => {
    await generatePackage(
      app.db,
      app.storage,
      brand,
      { userId: user.id, ipAddress: request.ip },
      request.params.id,
      request.body,
    );
    return reply.status(201).send(await view(request.params.id));
  });

  const documentOf = async (id: string) => {
    const [found] = await app.db.select().from(signingDocument).where(eq(signingDocument.id, id));
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    return found;
  };

  registerEndpoint(app, previewSigningDocument, async (request) => {
    const found = await documentOf(request.params.id);
    const [owner] = await app.db
      .select({ dealId: signingPackage.dealId })
      .from(signingPackage)
      .where(eq(signingPackage.id, found.packageId));
    return { id: found.id, title: found.title, dealId: owner!.dealId, pages: found.pages, fields: found.fields };
  });

  registerEndpoint(app, downloadSigningDocument, async (request, reply) => {
    const found = await documentOf(request.params.id);
    const body = await app.storage.get(found.storageKey);
    const name = `${found.title.replace(/[^A-Za-z0-9 -]/g, "_")}.pdf`;
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${name}"`)
      .header("x-content-type-options", "nosniff")
      .send(body);
  });

  registerEndpoint(app, sendSigningPackage, async (request, _reply, user) =>
    view(
      await sendPackage(
        app.db,
        staffContext,
        { id: user.id, email: user.email, ipAddress: request.ip },
        request.params.id,
      ),
    ),
  );

  registerEndpoint(app, voidSigningPackage, async (request, _reply, user) =>
    view(
      await voidPackage(
        app.db,
        context,
        { id: user.id, ipAddress: request.ip },
        request.params.id,
        request.body.reason,
      ),
    ),
  );

  registerEndpoint(app, resendSigningRequestEndpoint, async (request, _reply, user) =>
    view(
      await resendSigningRequest(
        app.db,
        staffContext,
        { id: user.id, ipAddress: request.ip },
        { packageId: request.params.id, signerId: request.params.signerId },
      ),
    ),
  );

  // The file is stored only while it is read (the uploads' own checks), then discarded.
  registerEndpoint(app, verifySealedFile, async (request, _reply, user, receive) =>
    receive("signing-verify", async ({ files, unused }) => {
      unused();
      const file = files[0]!;
      const bytes = await buffer(await app.storage.get(file.storageKey));
      const result = await verifySealedFileBytes(app.db, bytes, file.sha256);
      await recordAudit(app.db, {
        action: "signing.file-verified",
        actorUserId: user.id,
        subject: result.record?.dealId ?? null,
        ipAddress: request.ip,
        details: { outcome: result.outcome, sha256: file.sha256 },
      });
      return result;
    }),
  );
};
