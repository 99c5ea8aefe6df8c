import { describe, expect, it } from "vitest";
import {
  calledAtProblem,
  fundingDecisionProblem,
  fundingPreparationProblem,
  manualStageProblem,
  verificationStageProblem,
} from "./funding-rules.ts";

describe("the stages after Docs In", () => {
  it("lets a deal reach Verbal only with its call, Funded only with an approved funding, and keeps a funded deal funded", () => {
    const none = { hasVerification: false, hasApprovedFunding: false };
    expect(manualStageProblem({ ...none, toStage: 4 })).toBeNull();
    expect(manualStageProblem({ ...none, toStage: 5 })).toBe("Record the verification call to move a deal to Verbal.");
    expect(manualStageProblem({ ...none, hasVerification: true, toStage: 5 })).toBeNull();
    expect(manualStageProblem({ ...none, hasVerification: true, toStage: 6 })).toBe(
      "A deal is Funded when a second staff member approves its funding.",
    );
    expect(manualStageProblem({ hasVerification: true, hasApprovedFunding: true, toStage: 6 })).toBeNull();
    for (const toStage of [0, 1, 2, 3, 4, 5, 9])
      expect(manualStageProblem({ hasVerification: true, hasApprovedFunding: true, toStage })).toBe(
        "This deal is funded: cancel its funding to change its stage.",
      );
  });

  it("records the call from Docs In & Review (or again at Verbal), not before, not in the future, not a stale one", () => {
    expect(verificationStageProblem(4)).toBeNull();
    expect(verificationStageProblem(5)).toBeNull();
    expect(verificationStageProblem(3)).toBe(
      "Record the verification call once the documents are signed (Docs In & Review).",
    );
    const now = new Date("2026-11-27T15:00:00Z");
    expect(calledAtProblem(new Date("2026-11-27T14:00:00Z"), now)).toBeNull();
    expect(calledAtProblem(new Date("2026-11-27T16:00:00Z"), now)).toBe("The call cannot be in the future.");
    expect(calledAtProblem(new Date("2026-10-27T14:59:00Z"), now)).toBe("Record a call from the last 30 days.");
  });

  it("prepares a funding at Verbal with a live approval and a dealer, one at a time", () => {
    const ready = {
      stage: 5,
      hasVendorCompany: true,
      approval: "live" as const,
      hasOpenFunding: false,
      hadCancelledFunding: false,
      openStips: 0,
    };
    expect(fundingPreparationProblem(ready)).toBeNull();
    expect(fundingPreparationProblem({ ...ready, hadCancelledFunding: true })).toBe(
      "This deal's funding was cancelled: a cancelled deal is not funded again. Submit it as a new deal.",
    );
    expect(fundingPreparationProblem({ ...ready, stage: 4 })).toBe(
      "Fund a deal once its verification call is recorded (Verbal).",
    );
    expect(fundingPreparationProblem({ ...ready, hasOpenFunding: true })).toBe(
      "This deal already has a funding waiting for approval or approved.",
    );
    expect(fundingPreparationProblem({ ...ready, approval: "expired" })).toBe(
      "The approval has expired: renew it before funding.",
    );
    expect(fundingPreparationProblem({ ...ready, approval: "none" })).toBe(
      "The deal has no presented approval to fund.",
    );
    expect(fundingPreparationProblem({ ...ready, openStips: 2 })).toBe(
      "Every stip must be accepted or waived before funding.",
    );
    expect(fundingPreparationProblem({ ...ready, hasVendorCompany: false })).toBe(
      "A deal without a dealer is not funded through the portal.",
    );
  });

  it("never lets the staff member who prepared a funding approve or reject it", () => {
    expect(
      fundingDecisionProblem({ status: "awaiting-approval", preparedByUserId: "a", deciderUserId: "b" }),
    ).toBeNull();
    expect(fundingDecisionProblem({ status: "awaiting-approval", preparedByUserId: "a", deciderUserId: "a" })).toBe(
      "A second staff member approves a funding: you prepared this one.",
    );
    expect(fundingDecisionProblem({ status: "approved", preparedByUserId: "a", deciderUserId: "b" })).toBe(
      "This funding is no longer waiting for approval.",
    );
  });
});
