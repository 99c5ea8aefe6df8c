import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  decideDuplicate as decideDuplicateEndpoint,
  listDuplicates,
  listRecordDuplicates,
} from "#domain/duplicates/contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { decideDuplicate } from "./decide-duplicate.ts";
import { listDuplicateLinks, recordDuplicateLinks } from "./list-duplicates.ts";

/** Possible duplicates, for staff only: no vendor route reads duplicate_link (a vendor never learns of another application). */
export const duplicateRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, listDuplicates, async (request) => {
    return { links: await listDuplicateLinks(app.db, request.query.status) };
  });

  registerEndpoint(app, listRecordDuplicates, async (request) => {
    return { links: await recordDuplicateLinks(app.db, request.params.type, request.params.id) };
  });

  registerEndpoint(app, decideDuplicateEndpoint, async (request, _reply, user) => {
    return decideDuplicate(app.db, { id: user.id, ip: request.ip }, request.params.id, request.body.decision);
  });
};
