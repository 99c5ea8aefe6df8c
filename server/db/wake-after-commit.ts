import { AsyncLocalStorage } from "node:async_hooks";
import type { Database, DbExecutor } from "./client.ts";

/** A worker that polls its table (the outbox pattern) and can be told to look now. */
export type Worker = "mail" | "webhooks" | "lead-intake";

const wakers = new WeakMap<Database, Map<Worker, Set<() => void>>>();
/** The workers to wake when the transaction the code runs in commits. */
const dueAtCommit = new AsyncLocalStorage<Set<Worker>>();

/**
 * Says that `worker` has something new to do, written on `executor`: in a transaction its worker is
 * woken once the transaction commits (never if it rolls back), otherwise at once. A lost wake-up
 * only costs latency: every worker polls.
 */
export function wakeAfterCommit(executor: DbExecutor, worker: Worker): void {
  const due = dueAtCommit.getStore();
  if (due) due.add(worker);
  else wake(executor as Database, worker);
}

/** Runs `callback` when `worker` is woken on `db` (the worker's plugin); returns the unsubscribe. */
export function onWake(db: Database, worker: Worker, callback: () => void): () => void {
  let byWorker = wakers.get(db);
  if (!byWorker) wakers.set(db, (byWorker = new Map()));
  const callbacks = byWorker.get(worker) ?? new Set();
  byWorker.set(worker, callbacks.add(callback));
  return () => void callbacks.delete(callback);
}

/**
 * Makes `db.transaction` wake, after its commit, the workers its callback asked for. A savepoint
 * (`tx.transaction`) adds to its enclosing transaction's wake-ups.
 */
export function wakeWorkersAfterCommit(db: Database): void {
  const transaction = db.transaction.bind(db);
  db.transaction = async (run, config) => {
    const due = new Set<Worker>();
    const result = await dueAtCommit.run(due, () => transaction(run, config));
    for (const worker of due) wake(db, worker);
    return result;
  };
}

/** Outside any transaction's scope: a pass started here (and its timers) must not inherit one. */
function wake(db: Database, worker: Worker): void {
  dueAtCommit.exit(() => {
    for (const callback of wakers.get(db)?.get(worker) ?? []) callback();
  });
}
