/** What the applicant is told about (docs/product-rules.md#r36-applicant-status-mails): their application arrived, or it moved. */
export const applicantStatuses = ["received", "approved", "docs-out", "funded", "declined"] as const;
export type ApplicantStatus = (typeof applicantStatuses)[number];

/** Deal stages (domain/deals/stages.ts) the applicant hears about; the others are the credit team's own steps. */
const statusByStage: Partial<Record<number, ApplicantStatus>> = {
  0: "declined",
  2: "approved",
  3: "docs-out",
  6: "funded",
};

/** The status mail a move to this stage sends the applicant, or null when it sends none. */
export function applicantStatusForStage(stage: number): ApplicantStatus | null {
  return statusByStage[stage] ?? null;
}

/**
 * Status mails one address gets per hour at most, counting every mail to it
 * (docs/product-rules.md#r36-applicant-status-mails): whoever
 * fills in a public form chooses that address, so more are silently not sent (the lead is stored).
 */
export const applicantMailsPerAddressPerHour = 5;

/** The opt-out page's answers (/status-mails/opt-out). */
export const optOutMessages = {
  ask: "Stop the e-mails about your financing application? Your application is not affected, and your finance specialist can still reach you.",
  done: "Done: we will send no more status e-mails to this address. Your application is not affected.",
  unknown: "This link no longer works. To stop status e-mails, use the link in the most recent one, or call us.",
} as const;
