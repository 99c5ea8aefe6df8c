import { describe, expect, it } from "vitest";
import { isOverdue } from "./lead-inbox.ts";

describe("isOverdue", () => {
  const created = new Date("2026-01-01T10:00:00Z");
  it.each([
    ["new, 30 minutes old", "new", 30, false],
    ["new, 31 minutes old", "new", 31, true],
    ["contacted, a day old", "contacted", 1440, false],
    ["closed, a day old", "closed", 1440, false],
  ] as const)("%s -> %s", (_case, status, minutes, overdue) => {
    expect(isOverdue(created, status, new Date(created.getTime() + minutes * 60_000), 30)).toBe(overdue);
  });
});
