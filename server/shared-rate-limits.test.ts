import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisServerInstalled, startTestRedis, type TestRedis } from "../tests/support/redis-server.ts";
import { queryRows } from "../tests/support/test-database.ts";
import { loopbackAddress, startTestServer, testOrigin, type TestServer } from "../tests/support/test-server.ts";

// With REDIS_URL, two servers count one limit per address (ADR 0014). Runs on its own
// redis-server (killed and paused mid-test), or through a relay in front of TEST_REDIS_URL.
const skipReason =
  redisServerInstalled() || process.env.TEST_REDIS_URL
    ? undefined
    : "redis-server is not installed and TEST_REDIS_URL is not set";
if (skipReason) console.warn(`Skipping server/shared-rate-limits.test.ts: ${skipReason}`);

/** An answer must come well within this, whatever state Redis is in. */
const answerWithinMs = 2000;
const apiLimit = 5;
const leadLimit = 10;

describe.skipIf(skipReason)("rate limits shared through Redis by several servers", () => {
  let redis: TestRedis;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    redis = await startTestRedis();
    const env = { REDIS_URL: redis.url, RATE_LIMIT_MAX: String(apiLimit) };
    a = await startTestServer(env);
    b = await startTestServer(env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.close();
  });

  /** An inject that must return: a dead or hung Redis may not hold a request. */
  const answered = async <T>(request: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`request still unanswered after ${answerWithinMs} ms`)),
        answerWithinMs,
      );
    });
    try {
      return await Promise.race([request, hung]);
    } finally {
      clearTimeout(timer);
    }
  };
  const footerMessage = (server: TestServer, address: string, tag: string) =>
    answered(
      server.app.inject({
        method: "POST",
        url: "/api/leads/footer-message",
        remoteAddress: address,
        headers: { origin: testOrigin },
        payload: {
          nameOfBusiness: "Acme Paving",
          nameUser: tag,
          emailUser: "lee@acme.example",
          subjectUser: "Shared limits",
          idempotencyKey: randomUUID(),
        },
      }),
    );
  const apiRead = (server: TestServer, address: string) =>
    answered(server.app.inject({ method: "GET", url: "/api/partners/no-such-partner", remoteAddress: address }));
  const statuses = async (count: number, send: () => Promise<{ statusCode: number }>) => {
    const list: number[] = [];
    for (let i = 0; i < count; i += 1) list.push((await send()).statusCode);
    return list;
  };
  const stored = async (tag: string) => {
    let total = 0;
    for (const server of [a, b]) {
      const [row] = await queryRows<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from footer_message where name_user = ${tag}`,
      );
      total += row!.n;
    }
    return total;
  };
  /** Both servers count in Redis again: the API limit reached through A refuses through B, and the other way round. */
  const waitUntilShared = async () => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [first, second] = Date.now() % 2 ? [a, b] : [b, a];
      const address = loopbackAddress();
      await statuses(apiLimit, () => apiRead(first, address));
      if ((await apiRead(second, address)).statusCode === 429) {
        const back = loopbackAddress();
        await statuses(apiLimit, () => apiRead(second, back));
        if ((await apiRead(first, back)).statusCode === 429) return;
      }
      if (Date.now() > deadline) throw new Error("the servers did not share their counters again within 15 s");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it("counts the lead-form limit once for both servers: 6 messages through each, 10 accepted", async () => {
    const address = loopbackAddress();
    const tag = `Shared ${randomUUID()}`;
    const throughA = await statuses(6, () => footerMessage(a, address, tag));
    const throughB = await statuses(6, () => footerMessage(b, address, tag));
    expect(throughA).toEqual([201, 201, 201, 201, 201, 201]);
    expect(throughB).toEqual([201, 201, 201, 201, 429, 429]);
    expect(await stored(tag)).toBe(leadLimit);
  });

  it("counts the API limit once for both servers", async () => {
    const address = loopbackAddress();
    const throughA = await statuses(3, () => apiRead(a, address));
    const throughB = await statuses(3, () => apiRead(b, address));
    expect([...throughA, ...throughB]).toEqual([404, 404, 404, 404, 404, 429]);
    const refused = await apiRead(a, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("keeps answering while Redis is down, each server limiting in memory, and shares again when Redis is back", async () => {
    await redis.stop();
    try {
      // Fail open: every message answered and stored, no 5xx...
      const address = loopbackAddress();
      const tag = `Redis down ${randomUUID()}`;
      const throughA = await statuses(6, () => footerMessage(a, address, tag));
      const throughB = await statuses(6, () => footerMessage(b, address, tag));
      expect([...throughA, ...throughB]).toEqual(Array(12).fill(201));
      expect(await stored(tag)).toBe(12);
      // ...but never unlimited: each server still applies both limits to what it sees.
      expect(await statuses(5, () => footerMessage(a, address, tag))).toEqual([201, 201, 201, 201, 429]);
      const reader = loopbackAddress();
      expect(await statuses(apiLimit + 1, () => apiRead(b, reader))).toEqual([...Array(apiLimit).fill(404), 429]);
      expect((await a.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      for (const server of [a, b])
        expect(server.logs()).toContain("Redis unavailable: rate limits are counted in memory");
    } finally {
      await redis.start();
    }
    await waitUntilShared();
    for (const server of [a, b]) expect(server.logs()).toContain("Redis answers again: rate limits are shared again");
    const again = loopbackAddress();
    const tagAgain = `Redis back ${randomUUID()}`;
    const resumed = [
      ...(await statuses(6, () => footerMessage(a, again, tagAgain))),
      ...(await statuses(6, () => footerMessage(b, again, tagAgain))),
    ];
    expect(resumed).toEqual([...Array(leadLimit).fill(201), 429, 429]);
    expect(await stored(tagAgain)).toBe(leadLimit);
  });

  it("does not hold requests while Redis hangs (connections open, no answers), and shares again when it answers", async () => {
    redis.pause();
    try {
      const address = loopbackAddress();
      const tag = `Redis hung ${randomUUID()}`;
      const started = Date.now();
      const answers = [
        ...(await statuses(6, () => footerMessage(a, address, tag))),
        ...(await statuses(6, () => footerMessage(b, address, tag))),
      ];
      expect(answers).toEqual(Array(12).fill(201));
      // At most one command per server waits for the 250 ms command timeout; then memory for 2 s.
      expect(Date.now() - started).toBeLessThan(answerWithinMs);
      expect(await stored(tag)).toBe(12);
      for (const server of [a, b]) expect(server.logs()).toContain("Command timed out");
    } finally {
      redis.resume();
    }
    await waitUntilShared();
  });
});
