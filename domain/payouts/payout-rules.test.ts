import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildNachaFile, isAbaRoutingNumber, nachaText } from "./nacha-file.ts";
import {
  effectiveEntryDate,
  fileIdModifiers,
  formatCents,
  holdReasonText,
  lastTraceSequenceInFile,
  nextFileIdModifier,
  traceNumber,
  traceSequence,
} from "./payout-rules.ts";
import { returnCodeLabels, returnCodes, returnCodeText } from "./return-codes.ts";

describe("the payout batch's rules", () => {
  it("gives a day's files A to Z then 0 to 9, and none after", () => {
    expect(nextFileIdModifier([])).toBe("A");
    expect(nextFileIdModifier(["A", "B"])).toBe("C");
    expect(nextFileIdModifier(["B"])).toBe("A");
    expect(nextFileIdModifier(fileIdModifiers.slice(0, 26))).toBe("0");
    expect(nextFileIdModifier(fileIdModifiers)).toBeNull();
  });

  it("numbers traces by the ODFI's 8 digits and a 7-digit sequence, read back the same", () => {
    expect(traceNumber("091000019", 1)).toBe("091000010000001");
    expect(() => traceNumber("091000019", 10_000_000)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999 }), (sequence) => {
        const trace = traceNumber("021000021", sequence);
        expect(trace).toHaveLength(15);
        expect(traceSequence("021000021", trace)).toBe(sequence);
        expect(traceSequence("091000019", trace)).toBe(0);
      }),
    );
  });

  it("finds the last trace of a file, its offset debit included", () => {
    const file = buildNachaFile({
      originator: {
        immediateDestination: "091000019",
        immediateDestinationName: "BANK",
        immediateOrigin: "1000000001",
        immediateOriginName: "LENDER",
        companyName: "LENDER",
        companyId: "1000000001",
        odfiRouting: "091000019",
      },
      fileIdModifier: "A",
      createdOn: "2026-03-02",
      createdAt: "09:00",
      effectiveEntryDate: "2026-03-03",
      entryDescription: "DEALER PAY",
      credits: [
        {
          routingNumber: "011000015",
          accountNumber: "123",
          accountType: "checking",
          amountCents: 1,
          identification: "VP30001",
          receiverName: "A",
          traceNumber: traceNumber("091000019", 41),
        },
      ],
      offset: { accountNumber: "9", accountType: "checking", traceNumber: traceNumber("091000019", 42) },
    });
    expect(lastTraceSequenceInFile("091000019", file)).toBe(42);
    expect(lastTraceSequenceInFile("021000021", file)).toBe(0);
  });

  it("settles on the next banking day: past weekends and federal holidays, whatever the credit team works", () => {
    expect(effectiveEntryDate("2026-03-02")).toBe("2026-03-03");
    expect(effectiveEntryDate("2026-03-06")).toBe("2026-03-09");
    // From the day before Thanksgiving (Thursday Nov 26), the Friday after.
    expect(effectiveEntryDate("2026-11-25")).toBe("2026-11-27");
    expect(effectiveEntryDate("2026-12-31")).toBe("2027-01-04");
  });

  it("writes cents as dollars by integers only", () => {
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(-100000000)).toBe("-$1,000,000.00");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const text = formatCents(cents);
        expect(Number(text.replace(/[$,.]/g, ""))).toBe(cents);
      }),
    );
  });

  it("says why a funding is held", () => {
    expect(holdReasonText({ kind: "no-account" })).toBe("No payout account");
    expect(holdReasonText({ kind: "cooling-off", until: "2026-03-05" })).toBe(
      "Payouts held until Mar 5, 2026 after an account change",
    );
    expect(holdReasonText({ kind: "returned", returnCode: "R02", accountLast4: "6789" })).toBe(
      "Returned (R02) by the account ••••6789: waiting for a new payout account",
    );
  });

  it("labels every return code", () => {
    for (const code of returnCodes) expect(returnCodeLabels[code]).toBeTruthy();
    expect(returnCodeText("R01")).toBe("R01 Insufficient funds");
    expect(returnCodeText("R99")).toBe("R99");
  });

  it("checks routing numbers by the ABA check digit and writes fields in NACHA's characters", () => {
    expect(isAbaRoutingNumber("011000015")).toBe(true);
    expect(isAbaRoutingNumber("011000016")).toBe(false);
    expect(isAbaRoutingNumber("01100001")).toBe(false);
    expect(nachaText("Café Crème ☕ LLC")).toBe("CAFE CREME   LLC");
  });
});
