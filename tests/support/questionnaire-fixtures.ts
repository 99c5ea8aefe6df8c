import { randomUUID } from "node:crypto";

/** A complete landing answer that prices: score 700 (9%), started 2018, $50,000 over 36 months. */
export function questionnaireAnswerFixture(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    nameOfOwner: "Maria Lopez",
    businessName: "Granite Peak Excavation",
    businessPhoneNumber: "(559) 555-0142",
    lengthCredit: "2",
    creditscore: "700",
    ccavailability: "1",
    bk: "no",
    ownerrent: "Homeowner",
    personalcreditaccounts: "less than 5",
    businessLoans: "less than 5",
    monthsofbusiness: "April",
    year: "2018",
    namevendor: "Valley Heavy Equipment",
    phoneVendor: "(559) 555-0110",
    nameEquipment: "Compact track loader",
    newOrUsed: "USED",
    costEq: "$ 50,000.00",
    desiredmonth: "36",
    fundGenerate: "$ 8,000.00",
    agr: "$ 1,200,000.00",
    visitId: "campaign-42",
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}
