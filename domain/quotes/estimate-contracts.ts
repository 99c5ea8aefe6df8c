import {
  calculatorQuoteRequest,
  calculatorQuoteResponse,
  landingQuoteRequest,
  landingQuoteResponse,
} from "../pricing/quote-requests.ts";
import { endpoint } from "../http/endpoint.ts";

// Estimates from raw answers, priced by the server with its own year in the business time zone.

export const landingEstimate = endpoint({
  method: "POST",
  path: "/api/quotes/landing",
  audience: "public",
  summary: "Landing questionnaire estimate",
  tags: ["quotes"],
  body: landingQuoteRequest,
  responses: { 200: landingQuoteResponse },
  errors: [],
});

export const calculatorEstimate = endpoint({
  method: "POST",
  path: "/api/quotes/calculator",
  audience: "public",
  summary: "GetQualified calculator estimate",
  tags: ["quotes"],
  body: calculatorQuoteRequest,
  responses: { 200: calculatorQuoteResponse },
  errors: [],
});
