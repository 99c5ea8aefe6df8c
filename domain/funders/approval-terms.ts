import { formatUsd } from "../pricing/money-format.ts";

export type ApprovalTerms = {
  amountCents: number;
  termMonths: number | null;
  paymentCents: number | null;
  rateBasisPoints: number | null;
  downPaymentCents: number | null;
  funderName?: string | null;
};

const usd = (cents: number) => formatUsd(cents / 100);

/**
 * A presented approval's terms as the dealer and the applicant read them, label and value
 * (docs/product-rules.md#r54-the-funder-network): the funder only when an admin lets them see it.
 */
export function approvalTermRows(approval: ApprovalTerms, funderLabel = "Funder"): [string, string][] {
  const rows: [string, string][] = [];
  if (approval.funderName) rows.push([funderLabel, approval.funderName]);
  rows.push(["Approved amount", usd(approval.amountCents)]);
  if (approval.termMonths) rows.push(["Term", `${approval.termMonths} months`]);
  if (approval.paymentCents !== null) rows.push(["Monthly payment", usd(approval.paymentCents)]);
  if (approval.rateBasisPoints !== null) rows.push(["Rate", `${(approval.rateBasisPoints / 100).toFixed(2)}%`]);
  rows.push(["Down payment", usd(approval.downPaymentCents ?? 0)]);
  return rows;
}
