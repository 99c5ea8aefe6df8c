import { describe, expect, it } from "vitest";
import { signInDelaySeconds, signInWaitMessage, signInWaitSeconds } from "./sign-in-delay.ts";

describe("sign-in delays", () => {
  it("lets the first failures through, then doubles the wait up to 15 minutes", () => {
    expect([0, 4, 5, 6, 7, 9, 10, 40].map(signInDelaySeconds)).toEqual([0, 0, 30, 60, 120, 480, 900, 900]);
  });

  it("counts the wait from the last failure", () => {
    const last = new Date("2026-01-01T12:00:00Z");
    expect(signInWaitSeconds(5, last, new Date("2026-01-01T12:00:10Z"))).toBe(20);
    expect(signInWaitSeconds(5, last, new Date("2026-01-01T12:00:30Z"))).toBe(0);
    expect(signInWaitSeconds(3, last, last)).toBe(0);
    expect(signInWaitSeconds(8, null, last)).toBe(0);
  });

  it("says how long in words", () => {
    expect(signInWaitMessage(20)).toBe("Too many failed sign-in attempts. Please try again in 20 seconds.");
    expect(signInWaitMessage(900)).toBe("Too many failed sign-in attempts. Please try again in 15 minutes.");
  });
});
