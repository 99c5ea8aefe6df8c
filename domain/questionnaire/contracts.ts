import * as z from "zod/mini";
import { questionnaireAnswerRequest } from "./answer-schema.ts";
import {
  contactRequest,
  pickedOptionRequest,
  pickedOptionResponse,
  questionnaireAnswerResponse,
} from "./picked-option-schema.ts";
import { endpoint } from "../http/endpoint.ts";

// Public: imported by the landing page and /FinancingOptions, so zod/mini only and no staff schemas.

export const sendQuestionnaireAnswer = endpoint({
  method: "POST",
  path: "/api/leads/questionnaire-answer",
  audience: "public",
  summary: "Landing questionnaire answer; answers with the server's quote",
  tags: ["leads"],
  body: questionnaireAnswerRequest,
  // 201 for a new answer, 200 with the same id for a repeated idempotency key.
  responses: { 200: questionnaireAnswerResponse, 201: questionnaireAnswerResponse },
  errors: [],
});

export const pickPaymentOption = endpoint({
  method: "POST",
  path: "/api/leads/picked-option",
  audience: "public",
  summary: "Payment option picked on /FinancingOptions",
  tags: ["leads"],
  body: pickedOptionRequest,
  responses: { 200: pickedOptionResponse, 201: pickedOptionResponse },
  errors: ["NOT_FOUND"],
});

export const askToBeContacted = endpoint({
  method: "POST",
  path: "/api/leads/contact-request",
  audience: "public",
  summary: '"Yes, please contact me." on /FinancingOptions',
  tags: ["leads"],
  body: contactRequest,
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: ["NOT_FOUND"],
});
