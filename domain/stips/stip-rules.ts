import type { FundingProgram } from "../funders/funder-terms.ts";

// The rules of a deal's stipulations (docs/product-rules.md#r55-stipulations).

export const stipStatuses = [
  { value: "requested", label: "Requested" },
  { value: "received", label: "Received" },
  { value: "accepted", label: "Accepted" },
  { value: "rejected", label: "Rejected" },
  { value: "waived", label: "Waived" },
] as const;

export type StipStatus = (typeof stipStatuses)[number]["value"];
export const stipStatusValues = stipStatuses.map((status) => status.value) as [StipStatus, ...StipStatus[]];
export const stipStatusLabel = (status: StipStatus) => stipStatuses.find((each) => each.value === status)!.label;

export const stipSatisfiers = [
  { value: "dealer", label: "Dealer" },
  { value: "applicant", label: "Applicant" },
  { value: "staff", label: "Credit team" },
] as const;

export type StipSatisfier = (typeof stipSatisfiers)[number]["value"];
export const stipSatisfierValues = stipSatisfiers.map((each) => each.value) as [StipSatisfier, ...StipSatisfier[]];

/** Who acts on a stip: the credit team, the dealer's users, or the applicant on their own page. */
export type StipActor = "staff" | "dealer" | "applicant";

/**
 * Who may send files for a stip: the credit team for any; the dealer for its own and the
 * applicant's (dealers often collect the customer's papers); the applicant for their own only.
 */
export function maySendFor(satisfiedBy: StipSatisfier, actor: StipActor): boolean {
  if (actor === "staff") return true;
  if (actor === "dealer") return satisfiedBy === "dealer" || satisfiedBy === "applicant";
  return satisfiedBy === "applicant";
}

/** A stip still waiting for someone outside the credit team: nothing sent yet, or sent again after a rejection. */
export const isOpenStip = (status: StipStatus) => status === "requested" || status === "rejected";

/** Files can be sent until the stip is accepted or waived (a received stip can take one more file before review). */
export const takesFiles = (status: StipStatus) => status !== "accepted" && status !== "waived";

export type StipReview = "accept" | "reject" | "waive";

/** The status a staff review moves a stip to, or null when it cannot: only a received stip is accepted or rejected; any stip not yet done can be waived. */
export function reviewedStatus(current: StipStatus, review: StipReview): StipStatus | null {
  switch (review) {
    case "accept":
      return current === "received" ? "accepted" : null;
    case "reject":
      return current === "received" ? "rejected" : null;
    case "waive":
      return current === "accepted" || current === "waived" ? null : "waived";
  }
}

/** Every stip received or done (and at least one): the deal moves to "Docs In & Review". */
export const everyStipIn = (statuses: readonly StipStatus[]) =>
  statuses.length > 0 && statuses.every((status) => !isOpenStip(status));

/** Every stip accepted or waived: the deal is ready for documents (none asked is ready too). */
export const readyForDocuments = (statuses: readonly StipStatus[]) =>
  statuses.every((status) => status === "accepted" || status === "waived");

/** The stage a deal reaches once every stip is in: an approved deal (2) or one with documents out (3) moves to "Docs In & Review" (4). */
export const stageOnceStipsIn = (stage: number): number | undefined => (stage === 2 || stage === 3 ? 4 : undefined);

export type CatalogStip = {
  id: string;
  pickedByDefault: boolean;
  programs: readonly string[];
  minAmountCents: number | null;
  active: boolean;
};

/** The catalog's stips picked by default for an approval: active, marked so, for the deal's program (or every program), from their amount on. */
export function defaultStips<Kind extends CatalogStip>(
  catalog: readonly Kind[],
  approval: { program: FundingProgram; amountCents: number },
): Kind[] {
  return catalog.filter(
    (kind) =>
      kind.active &&
      kind.pickedByDefault &&
      (kind.programs.length === 0 || kind.programs.includes(approval.program)) &&
      (kind.minAmountCents === null || approval.amountCents >= kind.minAmountCents),
  );
}
