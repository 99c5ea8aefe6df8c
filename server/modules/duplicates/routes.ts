import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { decideDuplicate as decideDuplicateEndpoint, listDuplicates, listRecordDuplicates } from "#domain/api/back-office-duplicates.ts";
import { staffRoles } from "#domain/auth/roles.ts";
import { registerEndpoint } from "../../register-endpoint.ts";
import { decideDuplicate } from "./decide-duplicate.ts";
import { listDuplicateLinks, recordDuplicateLinks } from "./list-duplicates.ts";

/** Possible duplicates, for staff only: no vendor route reads duplicate_link (a vendor never learns of another application). */
export const duplicateRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = async (request: FastifyRequest) => {
    const user = await app.requireUser(request, { roles: staffRoles });
    return { id: user.id, ip: request.ip };
  };
  const staffFirst = { onRequest: async (request: FastifyRequest) => void (await staff(request)) };

  registerEndpoint(
    app,
    listDuplicates,
    async (request) => {
      await staff(request);
      return { links: await listDuplicateLinks(app.db, request.query.status) };
    },
    staffFirst,
  );

  registerEndpoint(
    app,
    listRecordDuplicates,
    async (request) => {
      await staff(request);
      return { links: await recordDuplicateLinks(app.db, request.params.type, request.params.id) };
    },
    staffFirst,
  );

  registerEndpoint(
    app,
    decideDuplicateEndpoint,
    async (request) => {
      const actor = await staff(request);
      return decideDuplicate(app.db, actor, request.params.id, request.body.decision);
    },
    staffFirst,
  );
};
