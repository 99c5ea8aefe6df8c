import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildNachaFile, isAbaRoutingNumber, type NachaFileInput } from "#domain/payouts/nacha-file.ts";
import { traceNumber } from "#domain/payouts/payout-rules.ts";
import { NachaFormatError, parseNachaFile } from "../../tests/support/nacha-parser.ts";

// The file the builder writes, read back by the tests' own strict parser (tests/support/nacha-parser.ts,
// written from the NACHA record layouts), and the parser checked on a file it did not see built.

const originator = {
  immediateDestination: "091000019",
  immediateDestinationName: "First Demo Bank",
  immediateOrigin: "1234567890",
  immediateOriginName: "Keystone Equipment",
  companyName: "Keystone Equip",
  companyId: "1234567890",
  odfiRouting: "091000019",
};

const sample: NachaFileInput = {
  originator,
  fileIdModifier: "B",
  createdOn: "2025-03-14",
  createdAt: "17:05",
  effectiveEntryDate: "2025-03-17",
  entryDescription: "Dealer pay",
  credits: [
    {
      routingNumber: "011000015",
      accountNumber: "12345678901",
      accountType: "checking",
      amountCents: 123456,
      identification: "A-100023",
      receiverName: "Apronto Dental Supply LLC",
      traceNumber: "091000010000001",
    },
    {
      routingNumber: "021000021",
      accountNumber: "99887766",
      accountType: "savings",
      amountCents: 10,
      identification: "A-100024",
      receiverName: "Beta",
      traceNumber: "091000010000002",
    },
  ],
  offset: { accountNumber: "5551234", accountType: "checking", traceNumber: "091000010000003" },
};

/**
 * The same file as the nach2 package writes it from the same input (ADR 0022), told to number the
 * batch 1 (it starts at 0 otherwise); each record checked by hand against the NACHA layouts.
 */
const referenceFile = [
  "101 09100001912345678902503141705B094101FIRST DEMO BANK        KEYSTONE EQUIPMENT             ",
  "5200KEYSTONE EQUIP                      1234567890CCDDEALER PAY250314250317   1091000010000001",
  "62201100001512345678901      0000123456A-100023       APRONTO DENTAL SUPPLY   0091000010000001",
  "63202100002199887766         0000000010A-100024       BETA                    0091000010000002",
  "6270910000195551234          0000123466SETTLEMENT     KEYSTONE EQUIP          0091000010000003",
  "820000000300123000040000001234660000001234661234567890                         091000010000001",
  "9000001000001000000030012300004000000123466000000123466                                       ",
  "9".repeat(94),
  "9".repeat(94),
  "9".repeat(94),
]
  .map((line) => `${line}\r\n`)
  .join("");

describe("the NACHA file", () => {
  it("is the reference file, record for record", () => {
    expect(buildNachaFile(sample).split("\r\n")).toEqual(referenceFile.split("\r\n"));
  });

  it("reads back: a balanced file debits the settlement account for the credits' total, in a mixed batch", () => {
    const file = parseNachaFile(buildNachaFile(sample));
    expect(file).toMatchObject({
      immediateDestination: "091000019",
      fileIdModifier: "B",
      creationDate: "2025-03-14",
      creationTime: "1705",
      batchCount: 1,
      blockCount: 1,
      entryAndAddendaCount: 3,
      entryHash: "0012300004",
      totalDebitCents: 123466,
      totalCreditCents: 123466,
    });
    const [batch] = file.batches;
    expect(batch).toMatchObject({ serviceClassCode: "200", effectiveEntryDate: "2025-03-17", batchNumber: 1 });
    expect(batch!.entries.map((entry) => [entry.transactionCode, entry.amountCents, entry.traceNumber])).toEqual([
      ["22", 123456, "091000010000001"],
      ["32", 10, "091000010000002"],
      ["27", 123466, "091000010000003"],
    ]);
  });

  it("is credits only (service class 220) when not balanced", () => {
    const file = parseNachaFile(buildNachaFile({ ...sample, offset: null }));
    expect(file.batches[0]!.serviceClassCode).toBe("220");
    expect([file.totalDebitCents, file.totalCreditCents, file.entryAndAddendaCount]).toEqual([0, 123466, 2]);
  });

  it("refuses what a file cannot carry", () => {
    const credit = sample.credits[0]!;
    expect(() => buildNachaFile({ ...sample, credits: [] })).toThrow("at least one credit");
    expect(() => buildNachaFile({ ...sample, credits: [{ ...credit, routingNumber: "011000016" }] })).toThrow(
      "not a routing number",
    );
    expect(() => buildNachaFile({ ...sample, credits: [{ ...credit, amountCents: 10_000_000_000 }] })).toThrow(
      "cannot be paid",
    );
    expect(() => buildNachaFile({ ...sample, credits: [{ ...credit, accountNumber: "1".repeat(18) }] })).toThrow(
      "does not fit",
    );
    expect(() => buildNachaFile({ ...sample, offset: { ...sample.offset!, traceNumber: "091000010000001" } })).toThrow(
      "ascend",
    );
  });

  it("writes any set of credits so that the parser's counts, hashes and totals are the credits'", () => {
    const routing = fc.integer({ min: 0, max: 99_999_999 }).map((eight) => {
      const digits = String(eight).padStart(8, "0");
      for (let check = 0; check < 10; check++) if (isAbaRoutingNumber(`${digits}${check}`)) return `${digits}${check}`;
      throw new Error("no check digit");
    });
    const credit = fc.record({
      routingNumber: routing,
      accountNumber: fc.stringMatching(/^[0-9]{4,17}$/),
      accountType: fc.constantFrom("checking" as const, "savings" as const),
      amountCents: fc.integer({ min: 1, max: 99_999_999 }),
      identification: fc.string({ maxLength: 20 }),
      receiverName: fc.string({ minLength: 1, maxLength: 30 }).filter((name) => name.trim() !== ""),
    });
    fc.assert(
      fc.property(fc.array(credit, { minLength: 1, maxLength: 40 }), fc.boolean(), (credits, balanced) => {
        const traced = credits.map((each, at) => ({ ...each, traceNumber: traceNumber("091000019", at + 1) }));
        const text = buildNachaFile({
          ...sample,
          credits: traced,
          offset: balanced ? { ...sample.offset!, traceNumber: traceNumber("091000019", credits.length + 1) } : null,
        });
        const file = parseNachaFile(text);
        const total = credits.reduce((sum, each) => sum + each.amountCents, 0);
        const hash =
          (credits.reduce((sum, each) => sum + Number(each.routingNumber.slice(0, 8)), 0) + (balanced ? 9100001 : 0)) %
          10_000_000_000;
        expect(file.totalCreditCents).toBe(total);
        expect(file.totalDebitCents).toBe(balanced ? total : 0);
        expect(file.entryAndAddendaCount).toBe(credits.length + (balanced ? 1 : 0));
        expect(Number(file.entryHash)).toBe(hash);
        expect(file.lineCount).toBe(Math.ceil((credits.length + (balanced ? 1 : 0) + 4) / 10) * 10);
        expect(file.batches[0]!.entries.filter((entry) => entry.credit).map((entry) => entry.accountNumber)).toEqual(
          credits.map((each) => each.accountNumber),
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe("the tests' NACHA parser", () => {
  const lines = referenceFile.split("\r\n").slice(0, -1);
  const withLine = (at: number, line: string) =>
    lines.map((each, index) => `${index === at ? line : each}\r\n`).join("");
  const patch = (at: number, column: number, text: string) =>
    withLine(at, lines[at]!.slice(0, column - 1) + text + lines[at]!.slice(column - 1 + text.length));

  it("reads the reference file", () => {
    expect(parseNachaFile(referenceFile).batches[0]!.entries).toHaveLength(3);
  });

  it("refuses each way a file can be wrong", () => {
    const wrong: [string, string][] = [
      [referenceFile.replaceAll("\r\n", "\n"), "CR LF"],
      [withLine(2, lines[2]!.slice(0, 93)), "93 characters"],
      [
        lines
          .slice(0, 9)
          .map((line) => `${line}\r\n`)
          .join(""),
        "multiple of the blocking factor",
      ],
      [patch(0, 40, "2"), "format code"],
      [patch(0, 5, "091000018"), "immediate destination"],
      [patch(1, 2, "220"), "a debit in a credits-only batch"],
      [patch(1, 51, "PPD"), "not CCD"],
      [patch(1, 88, "0000000"), "batch number"],
      [patch(2, 12, "6"), "ABA check"],
      [patch(2, 30, "0000123457"), "total credit"],
      [patch(3, 80, "091000010000001"), "does not ascend"],
      [patch(3, 80, "091000020000002"), "does not start with the batch's ODFI"],
      [patch(5, 11, "0012300005"), "entry hash"],
      [patch(5, 5, "000002"), "entry/addenda count"],
      [patch(6, 8, "000002"), "block count"],
      [patch(6, 44, "000000123467"), "total credit"],
      [patch(7, 1, "8"), "only lines of 9s"],
      [patch(1, 70, "250230"), "not a date"],
    ];
    for (const [text, why] of wrong) expect(() => parseNachaFile(text), why).toThrow(NachaFormatError);
    for (const [text, why] of wrong) expect(() => parseNachaFile(text)).toThrow(why);
  });
});
