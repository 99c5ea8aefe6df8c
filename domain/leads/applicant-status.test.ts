import { describe, expect, it } from "vitest";
import { stageValues } from "../deals/stages.ts";
import { applicantStatusForStage } from "./applicant-status.ts";

describe("applicantStatusForStage", () => {
  it("mails the applicant on Approved, Docs Out, Funded and Declined only", () => {
    expect(Object.fromEntries(stageValues.map((stage) => [stage, applicantStatusForStage(stage)]))).toEqual({
      0: "declined",
      1: null,
      2: "approved",
      3: "docs-out",
      4: null,
      5: null,
      6: "funded",
      9: null,
    });
  });
});
