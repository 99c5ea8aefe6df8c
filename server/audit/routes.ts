import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listAuditEntries as listAuditEntriesEndpoint } from "#domain/audit/contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { listAuditEntries } from "./list-audit-entries.ts";

/** The audit log, for admins. */
export const auditRoutes: FastifyPluginAsyncZod<{ timeZone: string }> = async (app, { timeZone }) => {
  registerEndpoint(app, listAuditEntriesEndpoint, async (request) => {
    return listAuditEntries(app.db, request.query, timeZone);
  });
};
