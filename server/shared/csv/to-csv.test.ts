import { describe, expect, it } from "vitest";
import { toCsv } from "./to-csv.ts";

describe("toCsv", () => {
  it("quotes what needs quoting and defuses formulas", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          ["=SUM(A1)", null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),\r\n');
  });
});
