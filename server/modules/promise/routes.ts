import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getPromiseBoard } from "#domain/api/back-office-promise.ts";
import { staffRoles } from "#domain/auth/roles.ts";
import type { ResponsePromise } from "#domain/leads/response-promise.ts";
import { registerEndpoint } from "../../register-endpoint.ts";
import { promiseBoard } from "./promise-board.ts";

/** The response-times board (issue 17): is the promise of a call kept? Staff only. */
export const promiseBoardRoutes: FastifyPluginAsyncZod<{ promise: ResponsePromise }> = async (app, { promise }) => {
  const staff = (request: FastifyRequest) => app.requireUser(request, { roles: staffRoles });
  registerEndpoint(
    app,
    getPromiseBoard,
    async (request, reply) => {
      await staff(request);
      void reply.header("cache-control", "no-store");
      const promisedMinutes = request.query.kind === "deal" ? promise.dealMinutes : promise.leadMinutes;
      return promiseBoard(app.readDb, request.query, new Date(), { timeZone: promise.timeZone, promisedMinutes });
    },
    { onRequest: async (request: FastifyRequest) => void (await staff(request)) },
  );
};
