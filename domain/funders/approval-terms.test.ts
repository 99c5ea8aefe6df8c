import { describe, expect, it } from "vitest";
import { approvalTermRows } from "./approval-terms.ts";

describe("approvalTermRows (what the dealer and the applicant read of an approval)", () => {
  it("names the amount, the term, the payment or rate and the down payment; the funder only when given", () => {
    const approval = {
      amountCents: 7_500_000,
      termMonths: 60,
      paymentCents: 152_540,
      rateBasisPoints: null,
      downPaymentCents: null,
    };
    expect(approvalTermRows(approval)).toEqual([
      ["Approved amount", "$75,000.00"],
      ["Term", "60 months"],
      ["Monthly payment", "$1,525.40"],
      ["Down payment", "$0.00"],
    ]);
    expect(
      approvalTermRows({ ...approval, paymentCents: null, rateBasisPoints: 890, funderName: "Harbor" }, "Lender"),
    ).toEqual([
      ["Lender", "Harbor"],
      ["Approved amount", "$75,000.00"],
      ["Term", "60 months"],
      ["Rate", "8.90%"],
      ["Down payment", "$0.00"],
    ]);
  });
});
