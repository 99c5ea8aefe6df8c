import type { FastifyInstance } from "fastify";
import { onWake, type Worker as WakeTopic } from "../db/wake-after-commit.ts";

export type PollingWorker = {
  /** What the worker is called in its log line when a pass fails. */
  name: string;
  /** The topic whose commits wake it (wakeAfterCommit). */
  topic: WakeTopic;
  pollMs: number;
  /**
   * How long a wake-up waits for more work before its pass (0: at once): the wake-ups of a burst
   * share one pass (the lead intake's batch) instead of a pass each.
   */
  settleMs?: number;
  /** One pass over the due rows; resolves to how many it handled. */
  pass: () => Promise<number>;
  /** Runs after the last pass, when the server closes. */
  close?: () => void;
};

/**
 * A worker every server runs the same way (the mail and webhook outboxes): a pass every `pollMs`,
 * one more as soon as a transaction that queued work commits, one pass at a time per process (other
 * processes are kept apart by the pass's SKIP LOCKED claim), and the last pass awaited on close.
 * Returns the pass, for tests that deliver now.
 */
export function startPollingWorker(app: FastifyInstance, worker: PollingWorker): () => Promise<number> {
  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const pass = (): Promise<number> => {
    // Work queued during a pass may have missed its claim: one more pass follows the current one.
    if (running) return (queued ??= running.then(() => ((queued = null), stopped ? 0 : pass())));
    running = worker
      .pass()
      .catch((error: Error) => {
        app.log.warn({ err: error.message }, `${worker.name} delivery pass failed`);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void pass().then(schedule), worker.pollMs);
    timer.unref();
  };

  let settling: NodeJS.Timeout | undefined;
  const wake = () => {
    if (!worker.settleMs) return void pass();
    settling ??= setTimeout(() => {
      settling = undefined;
      if (!stopped) void pass();
    }, worker.settleMs);
  };
  const unsubscribe = onWake(app.db, worker.topic, wake);
  app.addHook("onReady", async () => schedule());
  app.addHook("onClose", async () => {
    stopped = true;
    unsubscribe();
    clearTimeout(timer);
    clearTimeout(settling);
    await running;
    await queued;
    worker.close?.();
  });
  return pass;
}
