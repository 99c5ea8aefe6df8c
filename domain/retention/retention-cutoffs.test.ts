import { describe, expect, it } from "vitest";
import { monthsBefore, retentionCutoffs } from "./retention-cutoffs.ts";

const now = new Date("2026-11-26T12:00:00Z");

describe("retention cutoffs", () => {
  it("keeps applications 25 calendar months (Reg B) when RETENTION_DAYS is shorter, and RETENTION_DAYS when it is longer", () => {
    expect(monthsBefore(now, 25).toISOString()).toBe("2024-10-26T12:00:00.000Z");
    const usual = retentionCutoffs(now, { retentionDays: 730, deliveredMailDays: 30 });
    expect(usual.activity.toISOString()).toBe("2024-11-26T12:00:00.000Z");
    expect(usual.application.toISOString()).toBe("2024-10-26T12:00:00.000Z");
    expect(usual.applicationDay).toBe("2024-10-25");
    expect(retentionCutoffs(now, { retentionDays: 365, deliveredMailDays: 30 }).application.toISOString()).toBe(
      "2024-10-26T12:00:00.000Z",
    );
    expect(retentionCutoffs(now, { retentionDays: 1000, deliveredMailDays: 30 }).application.toISOString()).toBe(
      "2024-03-01T12:00:00.000Z",
    );
  });

  it("never keeps delivered mail longer than the retention, and drops match keys after the 90-day window", () => {
    const short = retentionCutoffs(now, { retentionDays: 10, deliveredMailDays: 30 });
    expect(short.deliveredMail.toISOString()).toBe("2026-11-16T12:00:00.000Z");
    expect(short.matchKeys.toISOString()).toBe("2026-08-28T12:00:00.000Z");
    expect(short.idempotency.toISOString()).toBe("2026-11-25T12:00:00.000Z");
  });
});
