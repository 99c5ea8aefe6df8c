import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { startPollingWorker } from "../shared/polling-worker.ts";
import { deliverDueWebhooks } from "./deliver-webhooks.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";

export type WebhookPluginOptions = {
  cipher: FieldCipher;
  allowLoopback: boolean;
  loopbackOnly: boolean;
  pollMs: number;
  timeoutMs: number;
};

declare module "fastify" {
  interface FastifyInstance {
    /** Runs one webhook delivery pass now (tests; recording an event wakes the worker itself, after commit). */
    deliverWebhooksNow(): Promise<number>;
  }
}

/** The webhook delivery worker (startPollingWorker, as the mail's). */
export default fp(
  async function webhookPlugin(app: FastifyInstance, options: WebhookPluginOptions) {
    const worker = {
      allowLoopback: options.allowLoopback,
      loopbackOnly: options.loopbackOnly,
      timeoutMs: options.timeoutMs,
      claimLeaseSeconds: Math.ceil(options.timeoutMs / 1000) + 60,
      log: app.log,
    };
    const pass = startPollingWorker(app, {
      name: "webhook",
      topic: "webhooks",
      pollMs: options.pollMs,
      pass: () => deliverDueWebhooks(app.db, options.cipher, worker),
    });
    app.decorate("deliverWebhooksNow", pass);
  },
  { name: "webhooks", dependencies: ["db"] },
);
