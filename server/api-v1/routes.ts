import type { AuditAction } from "#domain/audit/audit-actions.ts";
import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type * as z from "zod/mini";
import {
  v1AddDocuments,
  v1CreateDeal,
  v1Dashboard,
  v1DealRequest,
  v1GetDeal,
  v1ListDeals,
  v1ListMessages,
  v1ListStips,
  v1SendStipFiles,
  v1MessageRequest,
  v1PostMessage,
  v1Quote,
} from "#domain/api-v1/contracts.ts";
import { calculatorQuote } from "#domain/pricing/calculator-quote.ts";
import { canReply } from "#domain/deals/stages.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import { AppError } from "../shared/errors.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import type { ApiKeyCaller } from "../api-keys/authenticate-api-key.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { createDeal } from "../deals/create-deal.ts";
import { dealDashboard } from "../deals/deal-dashboard.ts";
import { portalPeriod } from "../deals/deal-period.ts";
import { dealThread } from "../deals/deal-thread.ts";
import { findDeal } from "../deals/find-deal.ts";
import { listDeals } from "../deals/list-deals.ts";
import { addDealDocuments, portalDealDetail } from "../deals/portal-deal-page.ts";
import { postMessage } from "../deals/post-message.ts";
import type { StoredUpload } from "../shared/receive-uploads.ts";
import type { DealUpdateContext } from "../deals/update-deal.ts";
import { idempotent, requestFingerprint } from "./idempotent.ts";
import { vendorStips } from "../stips/deal-stips.ts";
import { receiveStipFiles } from "../stips/receive-stip-file.ts";

type Context = DealUpdateContext & { timeZone: string };
type V1Deal = z.output<typeof v1DealRequest>;
type V1Message = z.output<typeof v1MessageRequest>;

/**
 * /api/v1 (docs/product-rules.md#r27-the-dealer-api): a vendor company's deals for its own systems, with an API key.
 * The same
 * modules as the portal do the work, scoped to the key's company (ADR 0009: another company's
 * deal is simply not found); every create takes an Idempotency-Key, every change is audited
 * with the key's id.
 */
export const apiV1Routes: FastifyPluginAsyncZod<{ context: Context; cipher: FieldCipher }> = async (
  app,
  { context, cipher },
) => {
  // The key's budget is counted once for all of /api/v1 by plugins/api-keys.ts (each contract's audience says
  // `api-key`).
  const options = { config: { rateLimit: false as const } };
  // A deal of the key's company, or 404 (another company's deal id included; ADR 0009).
  const companyDeal = async (key: ApiKeyCaller, id: string) => {
    const found = await findDeal(app.db, key.scope, id);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    return found;
  };
  const audit = (
    request: FastifyRequest,
    key: ApiKeyCaller,
    action: AuditAction,
    subject: string,
    details: Record<string, unknown> = {},
  ) =>
    recordAudit(app.db, {
      action,
      actorUserId: key.scope.userId,
      subject,
      ipAddress: request.ip,
      details: { apiKeyId: key.keyId, companyId: key.scope.companyId, ...details },
    });
  const send = <T>(reply: FastifyReply, answer: { status: number; body: T; replayed: boolean }) => {
    if (answer.replayed) reply.header("idempotent-replayed", "true");
    return reply.status(answer.status).send(answer.body);
  };
  /** What a create hands on: its input, its files, and what its idempotency fingerprint reads (the fields as sent, the files by content). */
  type Body<I> = { input: I; files: StoredUpload[]; fingerprintBody: unknown; unused(): void };
  const multipartBody = <I>(
    { text, files, unused }: { text: Record<string, string>; files: StoredUpload[]; unused(): void },
    input: I,
  ): Body<I> => ({
    input,
    files,
    fingerprintBody: {
      fields: text,
      files: files.map((file) => ({ slot: file.slot, name: file.originalName, sha256: file.sha256 })),
    },
    unused,
  });
  /** A create that also takes JSON: its JSON body, validated by `schema` (a refusal in the one error shape), without files. */
  const jsonBody = <I>(request: FastifyRequest, schema: z.ZodMiniType<I>): Body<I> => ({
    input: schema.parse(request.body ?? null),
    files: [],
    fingerprintBody: request.body ?? null,
    unused: () => {},
  });

  registerEndpoint(
    app,
    v1ListDeals,
    async (request, _reply, { scope }) => {
      const { month, cursor, limit, owner } = request.query;
      return listDeals(
        app.db,
        scope,
        portalPeriod(month ?? "all", context.timeZone),
        cursor,
        limit === undefined ? 50 : Number(limit),
        owner,
      );
    },
    options,
  );

  registerEndpoint(
    app,
    v1CreateDeal,
    async (request, reply, key, receive) => {
      const idempotencyKey = request.headers["idempotency-key"];
      const dealId = randomUUID();
      const create = async ({ input: client, files, fingerprintBody, unused }: Body<V1Deal>) => {
        const answer = await idempotent(
          app.db,
          key.scope,
          idempotencyKey,
          requestFingerprint("POST /api/v1/deals", {}, fingerprintBody),
          async () => {
            const created = await createDeal(
              app.db,
              cipher,
              context,
              key.scope,
              dealId,
              { ...client, idempotencyKey: `v1:${idempotencyKey}` },
              files,
              { documentsLater: true },
            );
            if (!created.created) unused();
            else await audit(request, key, "api.deal.create", created.id, { documents: files.length });
            return { status: 201, body: { id: created.id, accountNumber: created.accountNumber } };
          },
        );
        if (answer.replayed) unused();
        return answer;
      };
      const answer = request.isMultipart()
        ? await receive(`deals/${dealId}`, (uploads) => create(multipartBody(uploads, uploads.fields.deal)))
        : await create(jsonBody(request, v1DealRequest));
      return send(reply, answer);
    },
    options,
  );

  registerEndpoint(
    app,
    v1GetDeal,
    async (request, _reply, key) => {
      const found = await companyDeal(key, request.params.id);
      return portalDealDetail(app.db, found);
    },
    options,
  );

  registerEndpoint(
    app,
    v1AddDocuments,
    async (request, reply, key, receive) => {
      const found = await companyDeal(key, request.params.id);
      const answer = await receive(`deals/${found.id}`, async (uploads) => {
        const { files, fingerprintBody, unused } = multipartBody(uploads, null);
        const fingerprint = requestFingerprint("POST /api/v1/deals/:id/documents", { id: found.id }, fingerprintBody);
        const answer = await idempotent(
          app.db,
          key.scope,
          request.headers["idempotency-key"],
          fingerprint,
          async () => {
            const added = await addDealDocuments(app.db, context, key.scope, found, files, request.ip);
            await audit(request, key, "api.deal.documents", found.id, { documents: added.ids });
            return { status: 201, body: added };
          },
        );
        if (answer.replayed) unused();
        return answer;
      });
      return send(reply, answer);
    },
    options,
  );

  registerEndpoint(
    app,
    v1ListStips,
    async (request, _reply, key) => ({
      stips: await vendorStips(app.db, (await companyDeal(key, request.params.id)).id),
    }),
    options,
  );

  registerEndpoint(
    app,
    v1SendStipFiles,
    async (request, reply, key, receive) => {
      const found = await companyDeal(key, request.params.id);
      const { stipId } = request.params;
      const answer = await receive(`deals/${found.id}`, async (uploads) => {
        const { files, fingerprintBody, unused } = multipartBody(uploads, uploads.fields.note);
        const fingerprint = requestFingerprint(
          "POST /api/v1/deals/:id/stips/:stipId/files",
          { id: found.id, stipId },
          fingerprintBody,
        );
        const answer = await idempotent(
          app.db,
          key.scope,
          request.headers["idempotency-key"],
          fingerprint,
          async () => {
            const sender = {
              kind: "dealer" as const,
              userId: key.scope.userId,
              email: key.scope.email,
              ipAddress: request.ip,
            };
            const stip = await receiveStipFiles(app.db, context, sender, found, stipId, files, uploads.fields.note);
            await audit(request, key, "api.deal.stip-files", found.id, { stip: stipId });
            return { status: 201, body: { stip } };
          },
        );
        if (answer.replayed) unused();
        return answer;
      });
      return send(reply, answer);
    },
    options,
  );

  registerEndpoint(
    app,
    v1ListMessages,
    async (request, _reply, key) => {
      const found = await companyDeal(key, request.params.id);
      return dealThread(app.db, found.id);
    },
    options,
  );

  registerEndpoint(
    app,
    v1PostMessage,
    async (request, reply, key, receive) => {
      const found = await companyDeal(key, request.params.id);
      const post = async ({ input: { body }, files, fingerprintBody, unused }: Body<V1Message>) => {
        const fingerprint = requestFingerprint("POST /api/v1/deals/:id/messages", { id: found.id }, fingerprintBody);
        const answer = await idempotent(
          app.db,
          key.scope,
          request.headers["idempotency-key"],
          fingerprint,
          async () => {
            const thread = await dealThread(app.db, found.id);
            if (!canReply(found.stage, thread.messages.at(-1)?.author ?? null))
              throw new AppError("CONFLICT", "This deal is waiting for the credit team's answer, or it is closed.");
            const message = await postMessage(app.db, context, {
              dealId: found.id,
              businessName: found.businessName,
              author: { userId: key.scope.userId, role: "vendor", email: key.scope.email },
              recipient: context.creditTeamEmail,
              body,
              attachments: files,
              logicalFolder: `${key.scope.email}/${found.businessName}`,
            });
            await audit(request, key, "api.deal.message", found.id, { messageId: message.id });
            return { status: 201, body: message };
          },
        );
        if (answer.replayed) unused();
        return answer;
      };
      const answer = request.isMultipart()
        ? await receive(`deals/${found.id}`, (uploads) => post(multipartBody(uploads, uploads.fields)))
        : await post(jsonBody(request, v1MessageRequest));
      return send(reply, answer);
    },
    options,
  );

  registerEndpoint(
    app,
    v1Dashboard,
    async (request, _reply, { scope }) => {
      return dealDashboard(app.readDb, scope, portalPeriod(request.query.month, context.timeZone));
    },
    options,
  );

  registerEndpoint(
    app,
    v1Quote,
    async (request) => {
      return calculatorQuote({ ...request.body, currentYear: yearInTimeZone(new Date(), context.timeZone) });
    },
    options,
  );
};
