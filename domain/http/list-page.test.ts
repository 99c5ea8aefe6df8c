import { describe, expect, it } from "vitest";
import { formatListCursor, formatTotal, listCursor, listSearch, parseListCursor, searchPattern } from "./list-page.ts";

describe("list search", () => {
  it("matches words lower-cased and a phone by its digits, however typed", () => {
    expect(searchPattern("Harbor BAKERY")).toBe("%harbor bakery%");
    expect(searchPattern("(555) 010-0100")).toBe("%5550100100%");
    expect(searchPattern("555.010.0100")).toBe("%5550100100%");
    expect(searchPattern("555 01")).toBe("%55501%");
    expect(searchPattern("VP40007")).toBe("%vp40007%");
  });

  it("makes % and _ match themselves", () => {
    expect(searchPattern("100%_x\\")).toBe("%100\\%\\_x\\\\%");
  });

  it("needs 3 characters after trimming and takes at most 100", () => {
    expect(listSearch.safeParse(" ab ").success).toBe(false);
    expect(listSearch.safeParse("abc").success).toBe(true);
    expect(listSearch.safeParse("a".repeat(101)).success).toBe(false);
  });
});

describe("list cursor", () => {
  it("names the way, the row and its sort value, and reads back the same", () => {
    const cursor = {
      direction: "previous",
      id: "0b5f3e0e-6a43-4c53-9a39-1d2b9a0a7c11",
      value: "2024-03-01 12:00:00.123456+00",
    } as const;
    const text = formatListCursor(cursor);
    expect(listCursor.safeParse(text).success).toBe(true);
    expect(parseListCursor(text)).toEqual(cursor);
    expect(parseListCursor(formatListCursor({ ...cursor, direction: "next", value: "Harbor. Bakery" }))).toEqual({
      ...cursor,
      direction: "next",
      value: "Harbor. Bakery",
    });
  });

  it("refuses what is not a cursor", () => {
    for (const text of [
      "",
      "x.0b5f3e0e-6a43-4c53-9a39-1d2b9a0a7c11.v",
      "n.not-an-id.v",
      "n.0b5f3e0e-6a43-4c53-9a39-1d2b9a0a7c11",
    ])
      expect(listCursor.safeParse(text).success, text).toBe(false);
  });
});

describe("list total", () => {
  it("says the count, and '+' past the cap", () => {
    expect(formatTotal({ total: 1234, totalCapped: false })).toBe("1,234");
    expect(formatTotal({ total: 10_000, totalCapped: true })).toBe("10,000+");
  });
});
