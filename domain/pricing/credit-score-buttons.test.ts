import { describe, expect, it } from "vitest";
import { calculatorAnnualRate } from "./calculator-quote.ts";
import { CREDIT_SCORE_BUTTONS } from "./credit-score-buttons.ts";

describe("CREDIT_SCORE_BUTTONS", () => {
  it("sets the scores the pricing rules list (docs/product-rules.md, R9)", () => {
    expect(CREDIT_SCORE_BUTTONS).toEqual([
      { label: "Under 580", score: 570 },
      { label: "581-630", score: 629 },
      { label: "630-640", score: 639 },
      { label: "640-700", score: 699 },
      { label: "700-729", score: 729 },
      { label: "729-750", score: 740 },
      { label: "750 or more", score: 780 },
    ]);
  });

  it("sets a score inside each button's own range", () => {
    for (const { label, score } of CREDIT_SCORE_BUTTONS) {
      const range = /^(\d+)-(\d+)$/.exec(label);
      if (range) {
        expect(score).toBeGreaterThanOrEqual(Number(range[1]));
        expect(score).toBeLessThanOrEqual(Number(range[2]));
      } else if (label.startsWith("Under ")) {
        expect(score).toBeLessThan(Number(label.slice("Under ".length)));
      } else {
        expect(score).toBeGreaterThanOrEqual(Number.parseInt(label, 10));
      }
    }
  });

  it("lists ascending, distinct scores", () => {
    const scores = CREDIT_SCORE_BUTTONS.map((button) => button.score);
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeGreaterThan(scores[i - 1]!);
  });

  // What each button prices at in the calculator: 629 sits in the `<= 640` row, so the
  // "581-630" button gets 25%, not the 30% of the `<= 620` row.
  it.each([
    [570, 35],
    [629, 25],
    [639, 25],
    [699, 15],
    [729, 12],
    [740, 9],
    [780, 9],
  ])("score %s prices at %s%%", (score, rate) => {
    expect(CREDIT_SCORE_BUTTONS.some((button) => button.score === score)).toBe(true);
    expect(calculatorAnnualRate(score, false)).toBe(rate);
  });
});
