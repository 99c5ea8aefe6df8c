import * as z from "zod/mini";
import { calculatorChoiceRequest, calculatorLeadRequest } from "./calculator-schema.ts";
import { calculatorQuoteResponse } from "../pricing/quote-requests.ts";
import { endpoint } from "../http/endpoint.ts";

// Public: imported by /GetQualified and the partner calculators, so zod/mini only and no staff schemas.

export const calculatorLeadResponse = z.object({ id: z.string(), quote: calculatorQuoteResponse });

export const sendCalculatorLead = endpoint({
  method: "POST",
  path: "/api/leads/calculator",
  audience: "public",
  summary: "GetQualified calculator lead; answers with the server's quote",
  tags: ["leads"],
  body: calculatorLeadRequest,
  // 201 for a new lead, 200 with the same id for a repeated idempotency key.
  responses: { 200: calculatorLeadResponse, 201: calculatorLeadResponse },
  errors: ["NOT_FOUND"],
});

export const chooseCalculatorOption = endpoint({
  method: "POST",
  path: "/api/leads/calculator-choice",
  audience: "public",
  summary: "'I want this payment option'",
  tags: ["leads"],
  body: calculatorChoiceRequest,
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: ["NOT_FOUND"],
});
