import { describe, expect, it } from "vitest";
import { dateRange } from "./date-range.ts";

describe("dateRange", () => {
  it.each([
    [{ from: "2024-01-01", to: "2024-12-31" }, true],
    [{ from: "2024-02-29", to: "2024-02-29" }, true],
    [{ from: "2020-13-45", to: "2024-01-01" }, false],
    [{ from: "2023-02-29", to: "2024-01-01" }, false],
    [{ from: "2024-04-31", to: "2024-05-01" }, false],
    [{ from: "2024-1-01", to: "2024-05-01" }, false],
    [{ from: "2024-01-01T00:00", to: "2024-05-01" }, false],
    [{ from: "2024-05-02", to: "2024-05-01" }, false],
    [{ from: "2024-05-01" }, false],
    [{ from: "0000-01-01", to: "2024-05-01" }, false],
    [{ from: "1899-12-31", to: "2024-05-01" }, false],
    [{ from: "1900-01-01", to: "2999-12-31" }, true],
    [{ from: "2024-01-01", to: "3000-01-01" }, false],
  ])("%o is %s", (input, valid) => {
    expect(dateRange.safeParse(input).success).toBe(valid);
  });

  it("names the field that is wrong", () => {
    expect(dateRange.safeParse({ from: "2020-13-45", to: "2024-01-01" }).error?.issues[0]).toMatchObject({
      path: ["from"],
      message: "Please enter a real date between 1900 and 2999 as YYYY-MM-DD.",
    });
    expect(dateRange.safeParse({ from: "2024-05-02", to: "2024-05-01" }).error?.issues[0]).toMatchObject({
      path: ["to"],
    });
  });
});
