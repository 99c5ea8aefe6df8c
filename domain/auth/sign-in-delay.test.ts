import { describe, expect, it } from "vitest";
import {
  accountWaitMessage,
  accountWaitSeconds,
  signInDelaySeconds,
  signInWaitMessage,
  signInWaitSeconds,
} from "./sign-in-delay.ts";

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

  it("refuses an account's attempts from anywhere once it has 20 failures in the hour, until the oldest leaves the hour", () => {
    const oldest = new Date("2026-01-01T12:00:00Z");
    expect(accountWaitSeconds(19, oldest, new Date("2026-01-01T12:10:00Z"))).toBe(0);
    expect(accountWaitSeconds(20, oldest, new Date("2026-01-01T12:10:00Z"))).toBe(50 * 60);
    expect(accountWaitSeconds(35, oldest, new Date("2026-01-01T12:59:59.500Z"))).toBe(1);
    expect(accountWaitSeconds(20, null, oldest)).toBe(0);
    expect(accountWaitMessage(50 * 60)).toBe(
      "Too many failed sign-in attempts on this account. Please try again in 50 minutes, or reset your password.",
    );
    expect(accountWaitMessage(30)).toBe(
      "Too many failed sign-in attempts on this account. Please try again in 1 minute, or reset your password.",
    );
  });
});
