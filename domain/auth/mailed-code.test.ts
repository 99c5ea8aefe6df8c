import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codeSendAllowance, judgeCode, type CodeRules, type StoredCode } from "./mailed-code.ts";

const rules: CodeRules = { minutes: 10, tries: 5, perHour: 5 };
const now = Date.UTC(2026, 11, 7, 15, 0);
const minutes = (count: number) => count * 60_000;
/** A code sent `ago` ms before now: it expires `rules.minutes` after that. */
const sent = (ago: number, codesSent: number, codeAttempts = 0): StoredCode => ({
  codeHash: "hash",
  codeAttempts,
  codeExpiresAt: new Date(now - ago + minutes(rules.minutes)),
  codesSent,
});

describe("sending a code", () => {
  it("sends the first code, and counts again once the hour after the last has passed", () => {
    expect(
      codeSendAllowance({ codeHash: null, codeAttempts: 0, codeExpiresAt: null, codesSent: 0 }, rules, now),
    ).toEqual({ ok: true, codesSent: 1, codeExpiresAt: new Date(now + minutes(10)) });
    expect(codeSendAllowance(sent(minutes(60), 5), rules, now)).toMatchObject({ ok: true, codesSent: 1 });
  });

  it("sends up to the hour's count, then says how many whole minutes to wait", () => {
    expect(codeSendAllowance(sent(minutes(1), 4), rules, now)).toEqual({
      ok: true,
      codesSent: 5,
      codeExpiresAt: new Date(now + minutes(10)),
    });
    expect(codeSendAllowance(sent(minutes(1), 5), rules, now)).toEqual({ ok: false, retryInMinutes: 59 });
    expect(codeSendAllowance(sent(minutes(59) + 1, 5), rules, now)).toEqual({ ok: false, retryInMinutes: 1 });
  });

  it("never lets more than the hour's count through in an hour, and never asks to wait more than an hour", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: minutes(120) }), fc.integer({ min: 1, max: 20 }), (ago, count) => {
        const allowance = codeSendAllowance(sent(ago, count), rules, now);
        if (allowance.ok) expect(allowance.codesSent).toBeLessThanOrEqual(ago < minutes(60) ? count + 1 : 1);
        else {
          expect(ago < minutes(60) && count >= rules.perHour).toBe(true);
          expect(allowance.retryInMinutes).toBeGreaterThanOrEqual(1);
          expect(allowance.retryInMinutes).toBeLessThanOrEqual(60);
        }
      }),
    );
  });
});

describe("a presented code", () => {
  it("opens nothing without a live code, after its tries, or past its time, whatever was typed", () => {
    for (const matches of [true, false]) {
      expect(judgeCode({ ...sent(0, 1), codeHash: null }, matches, rules, now)).toEqual({ kind: "none" });
      expect(judgeCode(sent(0, 1, 5), matches, rules, now)).toEqual({ kind: "used-up" });
      expect(judgeCode(sent(minutes(10), 1), matches, rules, now)).toEqual({ kind: "expired" });
    }
    expect(judgeCode(sent(minutes(10) - 1, 1), true, rules, now)).toEqual({ kind: "right" });
  });

  it("counts a wrong one, the last try leaving none", () => {
    expect(judgeCode(sent(0, 1, 0), false, rules, now)).toEqual({ kind: "wrong", attempts: 1, triesLeft: 4 });
    expect(judgeCode(sent(0, 1, 4), false, rules, now)).toEqual({ kind: "wrong", attempts: 5, triesLeft: 0 });
  });
});
