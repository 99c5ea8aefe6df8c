import { createRequire } from "node:module";
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/** A Redis command slower than this is given up and the request counted in memory (a hung Redis must not hang requests). */
const redisCommandTimeoutMs = 250;
/** After a failed or slow command, count in memory for this long before asking Redis again. */
const redisPauseMs = 2000;
const redisConnectTimeoutMs = 2000;
const redisKeyPrefix = "lender-site:rate-limit:";

type CountCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type Counter = FastifyRateLimitStore & {
  read(key: string, callback: CountCallback, timeWindow: number, max: number): void;
};
type StoreParams = { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };

// The plugin's own stores: Redis (one Lua script: INCR, PEXPIRE on the first hit) and in memory (an LRU).
const requireStore = createRequire(import.meta.url);
const RedisStore = requireStore("@fastify/rate-limit/store/RedisStore.js") as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => Counter;
const LocalStore = requireStore("@fastify/rate-limit/store/LocalStore.js") as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Counter;

/**
 * Rate-limit counters in Redis, shared by every server. Every limit fails open to the
 * in-memory counters of this process (the limits of a single server, as without Redis) while
 * Redis is unreachable, refuses commands or answers slower than the command timeout: a Redis
 * outage neither takes the site down nor lifts the limits (ADR 0014).
 */
export async function sharedCounters(
  url: string,
  log: FastifyBaseLogger,
): Promise<{ store: FastifyRateLimitStoreCtor; close(): void }> {
  const client = new Redis(url, {
    connectTimeout: redisConnectTimeoutMs,
    commandTimeout: redisCommandTimeoutMs,
    // While disconnected a command fails at once instead of waiting in a queue for the reconnect,
    // and a command cut off by a lost connection fails instead of being retried.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let pausedUntil = 0;
  let shared = true;
  const fallBack = (reason: string) => {
    if (shared)
      log.warn({ reason }, "Redis unavailable: rate limits are counted in memory, per server, until it answers");
    shared = false;
  };
  client.on("error", (error: Error) => fallBack(error.message));

  class Counters implements Counter {
    constructor(
      private readonly redis: Counter,
      private readonly memory: Counter,
    ) {}
    incr(key: string, callback: CountCallback, timeWindow: number, max: number) {
      this.count("incr", key, callback, timeWindow, max);
    }
    read(key: string, callback: CountCallback, timeWindow: number, max: number) {
      this.count("read", key, callback, timeWindow, max);
    }
    child(routeOptions: Parameters<Counter["child"]>[0]): Counter {
      return new Counters(this.redis.child(routeOptions) as Counter, this.memory.child(routeOptions) as Counter);
    }
    private count(method: "incr" | "read", key: string, callback: CountCallback, timeWindow: number, max: number) {
      if (client.status !== "ready") fallBack(`connection ${client.status}`);
      if (client.status !== "ready" || Date.now() < pausedUntil)
        return this.memory[method](key, callback, timeWindow, max);
      this.redis[method](
        key,
        (error, result) => {
          if (!error) {
            if (!shared) log.info("Redis answers again: rate limits are shared again");
            shared = true;
            return callback(null, result);
          }
          pausedUntil = Date.now() + redisPauseMs;
          fallBack(error.message);
          this.memory[method](key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
  }
  class Store extends Counters {
    constructor(options: FastifyRateLimitOptions) {
      const { continueExceeding = false, exponentialBackoff = false, cache } = options as StoreParams;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, client, redisKeyPrefix),
        new LocalStore(continueExceeding, exponentialBackoff, cache),
      );
    }
  }

  // Start with shared counters when Redis is there; without it, start anyway (in memory).
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, redisConnectTimeoutMs);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return { store: Store, close: () => client.disconnect() };
}
