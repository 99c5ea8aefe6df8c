import { describe, expect, it } from "vitest";
import { canReply, isOpenStage, showsNotification, stageLabel, stageTags, stripReached } from "./stages.ts";

describe("deal stages", () => {
  it.each([
    [0, "Declined", ["Closed"]],
    [1, "App In", []],
    [2, "Approved", []],
    [3, "Docs Out", []],
    [4, "Docs In & Review", []],
    [5, "Verbal", []],
    [6, "Funded", []],
    [9, "Closed", ["Closed", "Approved"]],
    [7, "Under Review", []],
    [-1, "Under Review", []],
  ])("stage %i is %s", (stage, label, tags) => {
    expect(stageLabel(stage)).toBe(label);
    expect(stageTags(stage)).toEqual(tags);
  });

  it("shows the strip and replies only for open stages", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].filter(isOpenStage)).toEqual([1, 2, 3, 4, 5]);
    expect([1, 2, 3, 4, 5].map(stripReached)).toEqual([1, 2, 3, 4, 4]);
  });

  it("offers Reply while open and the vendor's last message is answered", () => {
    expect(canReply(1, null)).toBe(true);
    expect(canReply(3, "staff")).toBe(true);
    expect(canReply(3, "vendor")).toBe(false);
    expect(canReply(6, null)).toBe(false);
    expect(canReply(0, "staff")).toBe(false);
    expect(canReply(9, null)).toBe(false);
  });

  it("notifies on stages 1-2 until the vendor writes", () => {
    expect(showsNotification(1, false)).toBe(true);
    expect(showsNotification(2, false)).toBe(true);
    expect(showsNotification(2, true)).toBe(false);
    expect(showsNotification(3, false)).toBe(false);
  });
});
