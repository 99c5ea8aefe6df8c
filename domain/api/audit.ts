import * as z from "zod/mini";
import { endpoint } from "./endpoint.ts";

export const auditEntry = z.object({ id: z.string(), at: z.string(), action: z.string(), actor: z.nullable(z.string()), subject: z.nullable(z.string()), ipAddress: z.nullable(z.string()) });

export type AuditEntry = z.infer<typeof auditEntry>;

export const listAuditEntries = endpoint({
  method: "GET",
  path: "/api/back-office/audit",
  summary: "The audit log, newest first (admins)",
  tags: ["back office"],
  responses: { 200: z.object({ entries: z.array(auditEntry) }) },
  errors: ["FORBIDDEN"],
});
