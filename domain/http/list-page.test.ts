import { describe, expect, it } from "vitest";
import {
  formatListCursor,
  formatTotal,
  listCursor,
  listSearch,
  parseListCursor,
  searchMatch,
  searchNeedle,
} from "./list-page.ts";

describe("list search", () => {
  it("looks for words lower-cased and a phone by its digits, however typed", () => {
    expect(searchNeedle("Harbor BAKERY")).toBe("harbor bakery");
    expect(searchNeedle("(555) 010-0100")).toBe("5550100100");
    expect(searchNeedle("555.010.0100")).toBe("5550100100");
    expect(searchNeedle("555 01")).toBe("55501");
    expect(searchNeedle(" VP40007 ")).toBe("vp40007");
    expect(searchNeedle("100%_x\\")).toBe("100%_x\\");
  });

  it("gives the index the words alone and keeps the match exact with the text as typed", () => {
    expect(searchMatch("Harbor")).toEqual({ pattern: "%harbor%", exact: null });
    expect(searchMatch("(555) 010-0100")).toEqual({ pattern: "%5550100100%", exact: null });
    expect(searchMatch("Harbor Bakery 131")).toEqual({ pattern: "%harbor_bakery_131%", exact: "harbor bakery 131" });
    expect(searchMatch("owner4242@")).toEqual({ pattern: "%owner4242_%", exact: "owner4242@" });
    expect(searchMatch("Café Zoë")).toEqual({ pattern: "%café_zoë%", exact: "café zoë" });
  });

  it("lets % and _ match only themselves: they reach the pattern as `_`, one character each, and the exact text decides", () => {
    expect(searchMatch("kite_shop")).toEqual({ pattern: "%kite_shop%", exact: "kite_shop" });
    expect(searchMatch("100%_x\\")).toEqual({ pattern: "%100__x_%", exact: "100%_x\\" });
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
