/** Deal stages (docs/product-rules.md#r12-stages); any other value shows "Under Review". */
export const dealStages: Record<number, { label: string; tags: readonly string[] }> = {
  0: { label: "Declined", tags: ["Closed"] },
  1: { label: "App In", tags: [] },
  2: { label: "Approved", tags: [] },
  3: { label: "Docs Out", tags: [] },
  4: { label: "Docs In & Review", tags: [] },
  5: { label: "Verbal", tags: [] },
  6: { label: "Funded", tags: [] },
  9: { label: "Closed", tags: ["Closed", "Approved"] },
};

export const stageValues = [0, 1, 2, 3, 4, 5, 6, 9] as const;
export const newDealStage = 1;
export const newDealNote = "New Submission!";
export const defaultVendorComment = "Tell us more about this client - Optional";

export function stageLabel(stage: number): string {
  return dealStages[stage]?.label ?? "Under Review";
}

export function stageTags(stage: number): readonly string[] {
  return dealStages[stage]?.tags ?? [];
}

/** Declined, funded and closed deals are finished: no strip, no replies. */
export function isOpenStage(stage: number): boolean {
  return stage !== 0 && stage !== 6 && stage !== 9;
}

/** The finished stages (Declined, Funded, Closed), for a query of the open deals. */
export const finishedStages = stageValues.filter((stage) => !isOpenStage(stage));

/** The numbered strip 1-5 shown for open deals. */
export const stageStrip = ["App In", "Approval", "Docs Out", "Docs In", "Funded"] as const;

/** How many strip steps are reached (1-5) for an open stage; verbal approval sits at Docs In. */
export function stripReached(stage: number): number {
  return Math.min(Math.max(stage, 1), 4);
}

export type MessageAuthor = "vendor" | "staff";

/**
 * docs/product-rules.md#r14-messages-and-waiting-for-us: Reply is offered while the stage is open and the vendor's last
 * message has
 * been answered (or there is none); otherwise the "sent" indicator shows.
 */
export function canReply(stage: number, lastMessageAuthor: MessageAuthor | null): boolean {
  return isOpenStage(stage) && lastMessageAuthor !== "vendor";
}

/** The notification icon on stages 1-2 while the vendor has not written. */
export function showsNotification(stage: number, vendorHasWritten: boolean): boolean {
  return (stage === 1 || stage === 2) && !vendorHasWritten;
}

/** Dashboard credit tiers by deal score (docs/product-rules.md#r15-dashboard-and-months). */
export const creditTiers = { 1: "F credit", 2: "B-C credit", 3: "A credit" } as const;

/** A deal score (0 or one of `creditTiers`) as every screen, history line and mail reads it. */
export function creditTierLabel(score: number | string): string {
  return creditTiers[Number(score) as keyof typeof creditTiers] ?? "Not rated";
}

/** The credit tier choices, "Not rated" (0) first. */
export const creditTierOptions = [0, 1, 2, 3].map((score) => ({ value: String(score), label: creditTierLabel(score) }));
