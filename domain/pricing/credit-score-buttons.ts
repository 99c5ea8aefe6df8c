export interface CreditScoreButton {
  readonly label: string;
  /** The score the button sets. */
  readonly score: number;
}

/**
 * The calculator's mutually exclusive credit-score buttons, lowest first. Labels are the
 * spec's ranges as written (neighbouring ranges share their end points); only `score` is priced.
 */
export const CREDIT_SCORE_BUTTONS: readonly CreditScoreButton[] = [
  { label: "Under 580", score: 570 },
  { label: "581-630", score: 629 },
  { label: "630-640", score: 639 },
  { label: "640-700", score: 699 },
  { label: "700-729", score: 729 },
  { label: "729-750", score: 740 },
  { label: "750 or more", score: 780 },
];
