import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { onWake } from "../db/wake-after-commit.ts";
import { deliverDueWebhooks } from "./deliver-webhooks.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";

export type WebhookPluginOptions = { cipher: FieldCipher; allowLoopback: boolean; loopbackOnly: boolean; pollMs: number; timeoutMs: number };

declare module "fastify" {
  interface FastifyInstance {
    /** Runs one webhook delivery pass now (tests; recording an event wakes the worker itself, after commit). */
    deliverWebhooksNow(): Promise<number>;
  }
}

/** The webhook delivery worker: polls the due deliveries, one pass at a time per process. */
export default fp(
  async function webhookPlugin(app: FastifyInstance, options: WebhookPluginOptions) {
    let running: Promise<number> | null = null;
    let queued: Promise<number> | null = null;
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const worker = {
      allowLoopback: options.allowLoopback,
      loopbackOnly: options.loopbackOnly,
      timeoutMs: options.timeoutMs,
      claimLeaseSeconds: Math.ceil(options.timeoutMs / 1000) + 60,
      log: app.log,
    };

    const pass = (): Promise<number> => {
      // An event recorded during a pass may have missed its claim: one more pass follows the current one.
      if (running) return (queued ??= running.then(() => ((queued = null), stopped ? 0 : pass())));
      running = deliverDueWebhooks(app.db, options.cipher, worker)
        .catch((error: Error) => {
          app.log.warn({ err: error.message }, "webhook delivery pass failed");
          return 0;
        })
        .finally(() => {
          running = null;
        });
      return running;
    };

    const schedule = () => {
      if (stopped) return;
      timer = setTimeout(() => void pass().then(schedule), options.pollMs);
      timer.unref();
    };

    app.decorate("deliverWebhooksNow", pass);
    const unsubscribe = onWake(app.db, "webhooks", () => void pass());
    app.addHook("onReady", async () => schedule());
    app.addHook("onClose", async () => {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
      await queued;
    });
  },
  { name: "webhooks", dependencies: ["db"] },
);
