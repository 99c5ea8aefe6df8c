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

  it("leaves a negative amount a number, and defuses what only starts like one", () => {
    expect(toCsv(["balance"], [["-12.34"], [-500], ["-1+1"], ["-2.5e3"], ["-A1"]])).toBe(
      "balance\r\n-12.34\r\n-500\r\n'-1+1\r\n'-2.5e3\r\n'-A1\r\n",
    );
  });
});
