import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import QRCode from "qrcode";
import { getVendorLink, getVendorLinkQr } from "#domain/partners/portal-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { vendorLinkSummary } from "./vendor-link-summary.ts";

/** The vendor portal's "Your link" screen: the session's company only (ADR 0009). */
export const vendorLinkPortalRoutes: FastifyPluginAsyncZod<{ publicUrl: string; timeZone: string }> = async (
  app,
  { publicUrl, timeZone },
) => {
  registerEndpoint(app, getVendorLink, async (request, reply, scope) => {
    return reply
      .header("cache-control", "no-store")
      .send(await vendorLinkSummary(app.db, scope, publicUrl, new Date(), timeZone));
  });

  registerEndpoint(app, getVendorLinkQr, async (request, reply, scope) => {
    const { url, slug } = await vendorLinkSummary(app.db, scope, publicUrl, new Date(), timeZone);
    const options = { errorCorrectionLevel: "M" as const, margin: 2 };
    const png = request.query.format === "png";
    const body = png
      ? await QRCode.toBuffer(url, { ...options, type: "png", width: 1024 })
      : await QRCode.toString(url, { ...options, type: "svg" });
    return reply
      .header("content-type", png ? "image/png" : "image/svg+xml")
      .header("content-disposition", `attachment; filename="${slug}-qr.${png ? "png" : "svg"}"`)
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "no-store")
      .send(body);
  });
};
