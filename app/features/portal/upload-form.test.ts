import { describe, expect, it } from "vitest";
import { perFileProgress } from "./upload-form.ts";

describe("progress per file", () => {
  it("fills the files in order from the bytes of the body sent so far", () => {
    expect(perFileProgress([100, 300], { sent: 0, total: 0 })).toEqual([0, 0]);
    expect(perFileProgress([100, 300], { sent: 625, total: 1000 })).toEqual([100, 50]);
    expect(perFileProgress([100, 0, 300], { sent: 1000, total: 1000 })).toEqual([100, 100, 100]);
  });
});
