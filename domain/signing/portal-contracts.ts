import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { dealerSigningPackage } from "./package-status.ts";

// The dealer's view of a deal's documents for signature (docs/product-rules.md#r57-documents-and-e-signature):
// who has signed, who has opened, who has not; never an e-mail or a signer's address.

export const getPortalDealSigning = endpoint({
  method: "GET",
  path: "/api/portal/deals/:id/signing",
  audience: "vendor",
  summary:
    "The documents out for signature on one of the company's deals (the latest package sent), with each signer's step",
  tags: ["portal"],
  params: z.object({ id: z.uuid() }),
  responses: { 200: z.object({ package: z.nullable(dealerSigningPackage) }) },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});
