import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { fromBeforeTo, listPage, listQueryFields } from "../http/list-page.ts";

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actor: z.nullable(z.string()),
  subject: z.nullable(z.string()),
  ipAddress: z.nullable(z.string()),
});

export type AuditEntry = z.infer<typeof auditEntry>;

/** The audit log's view (docs/product-rules.md#r46-back-office-lists), kept in the page's URL: search (action, subject, who), days (business time zone), order and page. */
export const auditQuery = z.object({ ...listQueryFields }).check(fromBeforeTo);

export type AuditQuery = z.infer<typeof auditQuery>;

export const listAuditEntries = endpoint({
  method: "GET",
  path: "/api/back-office/audit",
  audience: "admin",
  summary: "The audit log, newest first (admins): search, days, keyset pages and a capped total",
  tags: ["back office"],
  query: auditQuery,
  responses: { 200: z.object({ entries: z.array(auditEntry), page: listPage }) },
  errors: ["FORBIDDEN"],
});
