import { describe, expect, it } from "vitest";
import { loadingStageAt } from "./loading-timeline.ts";

describe("loading timeline", () => {
  it.each([
    [0, "starting"],
    [4_999, "starting"],
    [5_000, "reviewing"],
    [10_000, "processing"],
    [19_999, "processing"],
    [20_000, "thanks"],
    [21_000, "ready"],
  ])("at %i ms shows %s", (ms, stage) => {
    expect(loadingStageAt(ms)).toBe(stage);
  });

  it("scales every time", () => {
    expect(loadingStageAt(210, 0.01)).toBe("ready");
    expect(loadingStageAt(99, 0.01)).toBe("reviewing");
  });
});
