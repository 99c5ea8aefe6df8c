import Fastify from "fastify";
import { expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { wakeAfterCommit } from "../db/wake-after-commit.ts";
import { startPollingWorker } from "./polling-worker.ts";

// The worker never reads the database here: its pass counts, and wake-ups are keyed by the handle.
const handle = () => ({}) as Database;

it("a burst of wake-ups within the settle time shares one pass; a wake-up after it gets its own", async () => {
  const app = Fastify();
  const db = handle();
  app.decorate("db", db);
  let passes = 0;
  startPollingWorker(app, {
    name: "test",
    topic: "lead-intake",
    pollMs: 3_600_000,
    settleMs: 50,
    pass: async () => ++passes,
  });
  await app.ready();
  for (let i = 0; i < 20; i++) wakeAfterCommit(db, "lead-intake");
  expect(passes).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 120));
  expect(passes).toBe(1);
  wakeAfterCommit(db, "lead-intake");
  await new Promise((resolve) => setTimeout(resolve, 120));
  expect(passes).toBe(2);
  await app.close();
});

it("without a settle time each wake-up starts a pass at once (one more follows a running one)", async () => {
  const app = Fastify();
  const db = handle();
  app.decorate("db", db);
  let passes = 0;
  startPollingWorker(app, { name: "test", topic: "mail", pollMs: 3_600_000, pass: async () => ++passes });
  await app.ready();
  wakeAfterCommit(db, "mail");
  expect(passes).toBe(1);
  await app.close();
});
