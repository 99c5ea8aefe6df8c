import { describe, expect, it } from "vitest";
import { isOverdue } from "./lead-inbox.ts";

describe("isOverdue", () => {
  // Thursday 2026-01-08, 10:00 in Los Angeles: within the credit team's hours.
  const created = new Date("2026-01-08T18:00:00Z");
  it.each([
    ["new, 30 minutes old", "new", 30, false],
    ["new, 31 minutes old", "new", 31, true],
    ["contacted, a day old", "contacted", 1440, false],
    ["closed, a day old", "closed", 1440, false],
  ] as const)("%s -> %s", (_case, status, minutes, overdue) => {
    expect(isOverdue(created, status, new Date(created.getTime() + minutes * 60_000), 30, "America/Los_Angeles")).toBe(overdue);
  });

  it("a lead arriving after 15:00 is due the next business morning, not 30 minutes later", () => {
    const evening = new Date("2026-01-08T23:30:00Z"); // Thursday 15:30 PST
    expect(isOverdue(evening, "new", new Date("2026-01-09T01:00:00Z"), 30, "America/Los_Angeles")).toBe(false);
    expect(isOverdue(evening, "new", new Date("2026-01-09T17:30:00Z"), 30, "America/Los_Angeles")).toBe(false);
    expect(isOverdue(evening, "new", new Date("2026-01-09T17:31:00Z"), 30, "America/Los_Angeles")).toBe(true);
  });
});
