import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getPromiseBoard } from "#domain/response-times/contracts.ts";
import { stipReviewMinutes, type ResponsePromise } from "#domain/response-times/response-promise.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { promiseBoard } from "./promise-board.ts";
import { indexArrivedLeadsBeforeEachRequest } from "./index-arrived-leads.ts";

/** The response-times board (docs/product-rules.md#r2-the-promise-of-a-call): is the promise of a call (and of a stip's review) kept? Staff only. */
export const promiseBoardRoutes: FastifyPluginAsyncZod<{ promise: ResponsePromise }> = async (app, { promise }) => {
  indexArrivedLeadsBeforeEachRequest(app);
  registerEndpoint(app, getPromiseBoard, async (request, reply) => {
    void reply.header("cache-control", "no-store");
    const { kind } = request.query;
    const promisedMinutes =
      kind === "stip" ? stipReviewMinutes : kind === "deal" ? promise.dealMinutes : promise.leadMinutes;
    return promiseBoard(app.readDb, request.query, new Date(), { timeZone: promise.timeZone, promisedMinutes });
  });
};
