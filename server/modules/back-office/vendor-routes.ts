import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { partnerResponse } from "#domain/api/partner.ts";
import { partnerInput } from "#domain/api/partner-admin.ts";
import { authRoles, staffRoles } from "#domain/auth/roles.ts";
import { partner, session, user } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Auth } from "../auth/create-auth.ts";
import { receiveUploads, discardUploads } from "../deals/receive-uploads.ts";

const ok = z.object({ ok: z.literal(true) });
const logoTypes = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);

/** Vendor users (deactivate, resend invitation) and partner calculators (admins). */
export const vendorAdminRoutes: FastifyPluginAsyncZod<{ auth: Auth; publicUrl: string }> = async (app, { auth, publicUrl }) => {
  const admin = (request: Parameters<typeof app.requireUser>[0]) => app.requireUser(request, { roles: [authRoles.admin] });
  // Admin routes refuse staff before their body is validated.
  const adminFirst = { onRequest: async (request: Parameters<typeof app.requireUser>[0]) => void (await admin(request)) };
  // Staff only, checked before the body is read or validated; most routes here need an admin.
  app.addHook("onRequest", async (request) => {
    await app.requireUser(request, { roles: staffRoles });
  });

  app.post("/api/back-office/vendors/:userId/deactivate", { ...adminFirst, schema: { tags: ["back office"], summary: "Deactivate a vendor user and end their sessions", params: z.object({ userId: z.string() }), response: { 200: ok } } }, async (request) => {
    const actor = await admin(request);
    const [target] = await app.db.update(user).set({ banned: true, banReason: "Deactivated by staff" }).where(and(eq(user.id, request.params.userId), eq(user.role, authRoles.vendor))).returning({ id: user.id });
    if (!target) throw new AppError("NOT_FOUND", "Not found.");
    await app.db.delete(session).where(eq(session.userId, target.id));
    await recordAudit(app.db, { action: "account.deactivated", actorUserId: actor.id, subject: target.id });
    return { ok: true as const };
  });

  app.post("/api/back-office/vendors/:userId/resend-invitation", { ...adminFirst, schema: { tags: ["back office"], summary: "Mail the invitation again (unverified vendors)", params: z.object({ userId: z.string() }), response: { 200: ok } } }, async (request) => {
    await admin(request);
    const [target] = await app.db.select().from(user).where(and(eq(user.id, request.params.userId), eq(user.role, authRoles.vendor)));
    if (!target) throw new AppError("NOT_FOUND", "Not found.");
    if (target.emailVerified) throw new AppError("CONFLICT", "This vendor already chose a password.");
    await auth.api.requestPasswordReset({ body: { email: target.email, redirectTo: `${publicUrl}/reset-password` } });
    void app.deliverMailNow();
    return { ok: true as const };
  });

  app.get("/api/back-office/partners", { schema: { tags: ["back office"], summary: "Partner calculators", response: { 200: z.object({ partners: z.array(z.extend(partnerResponse, { id: z.string() })) }) } } }, async (request) => {
    await app.requireUser(request, { roles: staffRoles });
    return { partners: await app.db.select().from(partner).orderBy(partner.name) };
  });

  app.post("/api/back-office/partners", { ...adminFirst, schema: { tags: ["back office"], summary: "Add a partner calculator", body: partnerInput, response: { 201: z.object({ id: z.string() }) } } }, async (request, reply) => {
    await admin(request);
    const [created] = await app.db.insert(partner).values({ ...request.body, logoUrl: "/favicon.svg" }).onConflictDoNothing().returning({ id: partner.id });
    if (!created) throw new AppError("CONFLICT", "A partner with this slug exists.");
    return reply.status(201).send(created);
  });

  app.put("/api/back-office/partners/:id", { ...adminFirst, schema: { tags: ["back office"], summary: "Edit a partner calculator", params: z.object({ id: z.uuid() }), body: partnerInput, response: { 200: ok } } }, async (request) => {
    await admin(request);
    const [updated] = await app.db.update(partner).set(request.body).where(eq(partner.id, request.params.id)).returning({ id: partner.id });
    if (!updated) throw new AppError("NOT_FOUND", "Not found.");
    return { ok: true as const };
  });

  app.post(
    "/api/back-office/partners/:id/logo",
    {
      ...adminFirst, schema: { tags: ["back office"], summary: "Upload a partner's logo (PNG, JPEG, WebP, GIF)", params: z.object({ id: z.uuid() }), consumes: ["multipart/form-data"], response: { 200: ok } } },
    async (request) => {
      await admin(request);
      const [found] = await app.db.select().from(partner).where(eq(partner.id, request.params.id));
      if (!found) throw new AppError("NOT_FOUND", "Not found.");
      if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the logo as multipart/form-data.");
      const { files } = await receiveUploads(request, app.storage, `partners/${found.id}`, ["logo"]);
      const logo = files[0];
      if (!logo || files.length > 1 || !logoTypes.has(logo.contentType)) {
        await discardUploads(app.storage, files);
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Upload one PNG, JPEG, WebP or GIF image.");
      }
      await app.db
        .update(partner)
        .set({ logoUrl: `/api/partners/${found.slug}/logo?v=${logo.storageKey.split("/").pop()}`, logoKey: logo.storageKey, logoContentType: logo.contentType })
        .where(eq(partner.id, found.id));
      if (found.logoKey) await app.storage.delete(found.logoKey).catch(() => undefined);
      return { ok: true as const };
    },
  );
};
