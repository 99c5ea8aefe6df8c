// The stages after Docs In (docs/product-rules.md#r58-verification-and-funding): a deal reaches Verbal
// by its verification call, Funded by a funding a second staff member approved, and leaves Funded only
// when that funding is cancelled.

export const docsInStage = 4;
export const verbalStage = 5;
export const fundedStage = 6;
export const closedStage = 9;

/** How old a verification call may be when it is recorded. */
export const verificationCallMaxAgeDays = 30;

/** Why the deal's update may not move it to `toStage` by hand, or null. */
export function manualStageProblem(input: {
  toStage: number;
  hasVerification: boolean;
  hasApprovedFunding: boolean;
}): string | null {
  if (input.hasApprovedFunding && input.toStage !== fundedStage)
    return "This deal is funded: cancel its funding to change its stage.";
  if (input.toStage === fundedStage && !input.hasApprovedFunding)
    return "A deal is Funded when a second staff member approves its funding.";
  if (input.toStage === verbalStage && !input.hasVerification)
    return "Record the verification call to move a deal to Verbal.";
  return null;
}

/** Why the verification call cannot be recorded on a deal at `stage`, or null. */
export function verificationStageProblem(stage: number): string | null {
  if (stage === docsInStage || stage === verbalStage) return null;
  return "Record the verification call once the documents are signed (Docs In & Review).";
}

/** Why a call at `calledAt` cannot be recorded at `now`, or null. */
export function calledAtProblem(calledAt: Date, now: Date): string | null {
  if (calledAt.getTime() > now.getTime() + 60_000) return "The call cannot be in the future.";
  if (now.getTime() - calledAt.getTime() > verificationCallMaxAgeDays * 86_400_000)
    return `Record a call from the last ${verificationCallMaxAgeDays} days.`;
  return null;
}

/** Why a funding cannot be prepared now, or null (the amounts' own problems come after). */
export function fundingPreparationProblem(input: {
  stage: number;
  hasVendorCompany: boolean;
  approval: "live" | "expired" | "none";
  hasOpenFunding: boolean;
  /** A funding of the deal was cancelled: its earnings accrued once already (and may not be clawed back). */
  hadCancelledFunding: boolean;
  openStips: number;
}): string | null {
  if (input.hasOpenFunding) return "This deal already has a funding waiting for approval or approved.";
  if (input.hadCancelledFunding)
    return "This deal's funding was cancelled: a cancelled deal is not funded again. Submit it as a new deal.";
  if (input.stage !== verbalStage) return "Fund a deal once its verification call is recorded (Verbal).";
  if (!input.hasVendorCompany) return "A deal without a dealer is not funded through the portal.";
  if (input.approval === "none") return "The deal has no presented approval to fund.";
  if (input.approval === "expired") return "The approval has expired: renew it before funding.";
  if (input.openStips > 0) return "Every stip must be accepted or waived before funding.";
  return null;
}

/** Maker-checker: the staff member who prepared a funding never approves it. */
export function fundingDecisionProblem(input: {
  status: string;
  preparedByUserId: string;
  deciderUserId: string;
}): string | null {
  if (input.status !== "awaiting-approval") return "This funding is no longer waiting for approval.";
  if (input.preparedByUserId === input.deciderUserId)
    return "A second staff member approves a funding: you prepared this one.";
  return null;
}
