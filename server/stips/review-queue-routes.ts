import type { FastifyPluginAsync } from "fastify";
import { listStipsToReview } from "#domain/stips/review-queue-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { stipsToReview } from "./stips-to-review.ts";

/** The credit team's "Stips to review" queue (docs/product-rules.md#r55-stipulations). Staff only. */
export const stipReviewQueueRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, listStipsToReview, async (request, reply) => {
    void reply.header("cache-control", "no-store");
    return stipsToReview(app.db, request.query, new Date());
  });
};
