import { describe, expect, it } from "vitest";
import { isOverdue } from "./lead-inbox.ts";
import { responseDueAt } from "../response-times/response-promise.ts";

describe("isOverdue", () => {
  // Thursday 2026-01-08, 10:00 in Los Angeles: within the credit team's hours.
  const created = new Date("2026-01-08T18:00:00Z");
  it.each([
    ["new, 30 minutes old", "new", 30, false],
    ["new, 31 minutes old", "new", 31, true],
    ["contacted, a day old", "contacted", 1440, false],
    ["closed, a day old", "closed", 1440, false],
  ] as const)("%s -> %s", (_case, status, minutes, overdue) => {
    expect(
      isOverdue(
        responseDueAt(created, 30, "America/Los_Angeles"),
        status,
        new Date(created.getTime() + minutes * 60_000),
      ),
    ).toBe(overdue);
  });

  it("a lead arriving after 15:00 is due the next business morning, not 30 minutes later", () => {
    const due = responseDueAt(new Date("2026-01-08T23:30:00Z"), 30, "America/Los_Angeles"); // Thursday 15:30 PST
    expect(isOverdue(due, "new", new Date("2026-01-09T01:00:00Z"))).toBe(false);
    expect(isOverdue(due, "new", new Date("2026-01-09T17:30:00Z"))).toBe(false);
    expect(isOverdue(due, "new", new Date("2026-01-09T17:31:00Z"))).toBe(true);
  });
});
