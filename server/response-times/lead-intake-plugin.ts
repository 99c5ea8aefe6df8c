import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { startPollingWorker } from "../shared/polling-worker.ts";
import { indexArrivedLeads } from "./index-arrived-leads.ts";

/**
 * The lead-intake worker: arrived leads into the lead index and onto the promise clock
 * (index-arrived-leads.ts), a tenth of a second after a lead's transaction commits, and every
 * `pollMs` for what a lost wake-up or another server left.
 */
export default fp(
  async function leadIntakePlugin(app: FastifyInstance, options: { pollMs: number }) {
    startPollingWorker(app, {
      name: "lead intake",
      topic: "lead-intake",
      pollMs: options.pollMs,
      // A burst of leads shares one pass: a pass costs about as much for one lead as for fifty.
      settleMs: 100,
      pass: () => indexArrivedLeads(app.db),
    });
  },
  { name: "lead-intake", dependencies: ["db"] },
);
