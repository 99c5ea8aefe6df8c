import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { dealerFunding } from "./dealer-funding.ts";

const idParams = z.object({ id: z.uuid() });

export const dealerFundingResponse = z.object({ funding: z.nullable(dealerFunding) });

export const getPortalDealFunding = endpoint({
  method: "GET",
  path: "/api/portal/deals/:id/funding",
  audience: "vendor",
  summary: "The deal's funding: when it funded and the amounts paid to the dealer, line by line",
  tags: ["portal"],
  params: idParams,
  responses: { 200: dealerFundingResponse },
  errors: ["NOT_FOUND"],
});

export const getV1DealFunding = endpoint({
  method: "GET",
  path: "/api/v1/deals/:id/funding",
  audience: "api-key",
  summary: "The deal's funding: when it funded and the amounts paid to the dealer",
  tags: ["deals"],
  params: idParams,
  responses: { 200: dealerFundingResponse },
  errors: ["NOT_FOUND"],
});
