import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listAuditEntries as listAuditEntriesEndpoint } from "#domain/api/audit.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { registerEndpoint } from "../../register-endpoint.ts";
import { listAuditEntries } from "./list-audit-entries.ts";

/** The audit log, for admins. */
export const auditRoutes: FastifyPluginAsyncZod<{ timeZone: string }> = async (app, { timeZone }) => {
  const admin = (request: Parameters<typeof app.requireUser>[0]) => app.requireUser(request, { roles: [authRoles.admin] });
  registerEndpoint(
    app,
    listAuditEntriesEndpoint,
    async (request) => {
      await admin(request);
      return listAuditEntries(app.db, request.query, timeZone);
    },
    { onRequest: async (request) => void (await admin(request)) },
  );
};
