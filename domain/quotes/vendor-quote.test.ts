import { describe, expect, it } from "vitest";
import { canResend, QUOTE_MAX_RESENDS, quoteExpiry, quoteLinkUsable, quoteStatus } from "./vendor-quote.ts";

const sent = new Date("2026-01-01T12:00:00Z");
const base = { withdrawn: false, openedAt: null, appliedAt: null, expiresAt: quoteExpiry(sent) };

describe("a quote's status", () => {
  it("runs sent, opened, applied; withdrawn and applied are final", () => {
    const now = new Date("2026-01-02T00:00:00Z");
    expect(quoteStatus(base, now)).toBe("sent");
    expect(quoteStatus({ ...base, openedAt: now }, now)).toBe("opened");
    expect(quoteStatus({ ...base, openedAt: now, appliedAt: now }, now)).toBe("applied");
    expect(quoteStatus({ ...base, appliedAt: now }, new Date("2027-01-01"))).toBe("applied");
    expect(quoteStatus({ ...base, withdrawn: true, openedAt: now }, now)).toBe("withdrawn");
  });

  it("expires 30 days after it was sent", () => {
    expect(quoteExpiry(sent).toISOString()).toBe("2026-01-31T12:00:00.000Z");
    expect(quoteStatus(base, new Date("2026-01-31T11:59:59Z"))).toBe("sent");
    expect(quoteStatus(base, new Date("2026-01-31T12:00:00Z"))).toBe("expired");
    expect(quoteLinkUsable(base, new Date("2026-01-31T12:00:00Z"))).toBe(false);
  });

  it("can be resent until withdrawn, applied for, or resent too often", () => {
    expect(canResend(base, 0)).toBe(true);
    expect(canResend({ ...base, expiresAt: sent }, 0)).toBe(true);
    expect(canResend({ ...base, withdrawn: true }, 0)).toBe(false);
    expect(canResend({ ...base, appliedAt: sent }, 0)).toBe(false);
    expect(canResend(base, QUOTE_MAX_RESENDS)).toBe(false);
  });
});
