import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";

// The applicant's status mails (docs/product-rules.md#r36-applicant-status-mails): the one-click opt-out their footer
// links to.

export const statusMailOptOutRequest = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, "This link is not valid.")),
});

export const optOutOfStatusMails = endpoint({
  method: "POST",
  path: "/api/status-mails/opt-out",
  audience: "public",
  summary: "Stop the application status e-mails to the address this token was mailed to",
  tags: ["status mails"],
  body: statusMailOptOutRequest,
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: ["GONE"],
});
