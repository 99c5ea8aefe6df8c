import type { FastifyPluginAsync } from "fastify";
import { eq } from "drizzle-orm";
import {
  buildPayoutBatch as buildPayoutBatchEndpoint,
  downloadAchFile,
  getPayoutBatch,
  getPayoutsOverview,
  recordPayoutReturn as recordPayoutReturnEndpoint,
} from "#domain/payouts/back-office-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AppError } from "../shared/errors.ts";
import type { MailContext } from "../shared/request-context.ts";
import { buildPayoutBatch, type PayoutBuildContext } from "./build-payout-batch.ts";
import { payoutBatchView, payoutsOverview } from "./payout-views.ts";
import { recordPayoutReturn } from "./record-payout-return.ts";
import { payoutBatch } from "./tables.ts";

/**
 * The payout batches in the back office (docs/product-rules.md#r60-payout-batches): staff read what is
 * payable and held, build today's batch, download its NACHA file again (a fresh factor: it holds full
 * account numbers) and record a returned payment.
 */
export const backOfficePayoutRoutes: FastifyPluginAsync<{ context: PayoutBuildContext & MailContext }> = async (
  app,
  { context },
) => {
  registerEndpoint(app, getPayoutsOverview, async () => payoutsOverview(app.db, context));

  registerEndpoint(app, buildPayoutBatchEndpoint, async (request, reply, user) =>
    reply
      .status(201)
      .send(await buildPayoutBatch(app.db, context, { id: user.id, ipAddress: request.ip }, request.body)),
  );

  registerEndpoint(app, getPayoutBatch, async (request) => payoutBatchView(app.db, request.params.id));

  registerEndpoint(app, downloadAchFile, async (request, reply, user) => {
    const [batch] = await app.db
      .select({
        businessDay: payoutBatch.businessDay,
        fileIdModifier: payoutBatch.fileIdModifier,
        fileText: payoutBatch.fileText,
        fileSha256: payoutBatch.fileSha256,
      })
      .from(payoutBatch)
      .where(eq(payoutBatch.id, request.params.id));
    if (!batch) throw new AppError("NOT_FOUND", "Not found.");
    await recordAudit(app.db, {
      action: "payouts.file-downloaded",
      actorUserId: user.id,
      subject: request.params.id,
      ipAddress: request.ip,
      details: { businessDay: batch.businessDay, fileIdModifier: batch.fileIdModifier, fileSha256: batch.fileSha256 },
    });
    return reply
      .header("content-type", "text/plain")
      .header("content-disposition", `attachment; filename="ach-${batch.businessDay}-${batch.fileIdModifier}.txt"`)
      .header("x-content-type-options", "nosniff")
      .send(Buffer.from(batch.fileText, "utf8"));
  });

  registerEndpoint(app, recordPayoutReturnEndpoint, async (request, _reply, user) =>
    payoutBatchView(
      app.db,
      await recordPayoutReturn(
        app.db,
        context,
        { id: user.id, ipAddress: request.ip },
        request.params.id,
        request.body,
      ),
    ),
  );
};
