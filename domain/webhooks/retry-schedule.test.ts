import { describe, expect, it } from "vitest";
import { maxDeliveryAttempts, nextRetryDelayMs, retryDelaysMs } from "./retry-schedule.ts";

describe("webhook retry schedule", () => {
  it("backs off 1 min, 5 min, 30 min, 2 h, 6 h, ... and gives up after about three days", () => {
    expect([1, 2, 3, 4, 5].map((n) => nextRetryDelayMs(n)! / 60_000)).toEqual([1, 5, 30, 120, 360]);
    expect(nextRetryDelayMs(maxDeliveryAttempts)).toBeNull();
    const total = retryDelaysMs.reduce((sum, delay) => sum + delay, 0) / 3_600_000;
    expect(total).toBeGreaterThan(60);
    expect(total).toBeLessThan(80);
  });
});
