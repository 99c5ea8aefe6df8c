/**
 * A strict reader of NACHA ACH files for the tests, written from the record layouts of the NACHA
 * Operating Rules (Appendix Three), never from the code that builds our files
 * (domain/payouts/nacha-file.ts): the tests check what we write against the format, not against itself.
 *
 * Checked: 94-character records each ended by CR LF; record types 1, 5, 6, 8, 9 in their order, then
 * only lines of 9s, to a multiple of the blocking factor 10; every fixed field (priority 01, size 094,
 * blocking 10, format 1, originator status 1); numeric fields digits only, alphanumeric ones printable
 * ASCII; dates real; routing numbers' ABA check digits; CCD only; transaction codes 22/32 (credits) and
 * 27/37 (debits), service class 220 credits only, 225 debits only, 200 mixed; trace numbers 15 digits,
 * starting with the batch's ODFI and ascending through the file; batch numbers from 1 ascending; each
 * batch control's and the file control's counts, entry hash (the RDFI routing numbers' first 8 digits
 * summed, the rightmost 10 digits kept) and debit and credit totals recomputed from the entries.
 * Anything else throws a NachaFormatError naming the line and the field.
 */

export class NachaFormatError extends Error {}

export type ParsedEntry = {
  transactionCode: string;
  /** The 9-digit routing number: RDFI identification and check digit. */
  routingNumber: string;
  accountNumber: string;
  amountCents: number;
  identification: string;
  receiverName: string;
  discretionaryData: string;
  traceNumber: string;
  credit: boolean;
};

export type ParsedBatch = {
  serviceClassCode: string;
  companyName: string;
  companyDiscretionaryData: string;
  companyId: string;
  standardEntryClass: string;
  entryDescription: string;
  descriptiveDate: string;
  effectiveEntryDate: string;
  odfiIdentification: string;
  batchNumber: number;
  entries: ParsedEntry[];
  entryHash: string;
  totalDebitCents: number;
  totalCreditCents: number;
};

export type ParsedNachaFile = {
  immediateDestination: string;
  immediateOrigin: string;
  creationDate: string;
  creationTime: string;
  fileIdModifier: string;
  immediateDestinationName: string;
  immediateOriginName: string;
  referenceCode: string;
  batches: ParsedBatch[];
  batchCount: number;
  blockCount: number;
  entryAndAddendaCount: number;
  entryHash: string;
  totalDebitCents: number;
  totalCreditCents: number;
  /** Lines of the file, the 9-filled ones included. */
  lineCount: number;
};

/** A field by its position in the layout: 1-based start and length, as the NACHA tables give them. */
type Field = readonly [start: number, length: number];

const fileHeader = {
  recordType: [1, 1],
  priorityCode: [2, 2],
  immediateDestination: [4, 10],
  immediateOrigin: [14, 10],
  creationDate: [24, 6],
  creationTime: [30, 4],
  fileIdModifier: [34, 1],
  recordSize: [35, 3],
  blockingFactor: [38, 2],
  formatCode: [40, 1],
  destinationName: [41, 23],
  originName: [64, 23],
  referenceCode: [87, 8],
} as const satisfies Record<string, Field>;

const batchHeader = {
  recordType: [1, 1],
  serviceClassCode: [2, 3],
  companyName: [5, 16],
  companyDiscretionaryData: [21, 20],
  companyId: [41, 10],
  standardEntryClass: [51, 3],
  entryDescription: [54, 10],
  descriptiveDate: [64, 6],
  effectiveEntryDate: [70, 6],
  settlementDate: [76, 3],
  originatorStatusCode: [79, 1],
  odfiIdentification: [80, 8],
  batchNumber: [88, 7],
} as const satisfies Record<string, Field>;

const entryDetail = {
  recordType: [1, 1],
  transactionCode: [2, 2],
  rdfiIdentification: [4, 8],
  checkDigit: [12, 1],
  accountNumber: [13, 17],
  amount: [30, 10],
  identification: [40, 15],
  receiverName: [55, 22],
  discretionaryData: [77, 2],
  addendaIndicator: [79, 1],
  traceNumber: [80, 15],
} as const satisfies Record<string, Field>;

const batchControl = {
  recordType: [1, 1],
  serviceClassCode: [2, 3],
  entryAndAddendaCount: [5, 6],
  entryHash: [11, 10],
  totalDebit: [21, 12],
  totalCredit: [33, 12],
  companyId: [45, 10],
  messageAuthenticationCode: [55, 19],
  reserved: [74, 6],
  odfiIdentification: [80, 8],
  batchNumber: [88, 7],
} as const satisfies Record<string, Field>;

const fileControl = {
  recordType: [1, 1],
  batchCount: [2, 6],
  blockCount: [8, 6],
  entryAndAddendaCount: [14, 8],
  entryHash: [22, 10],
  totalDebit: [32, 12],
  totalCredit: [44, 12],
  reserved: [56, 39],
} as const satisfies Record<string, Field>;

const creditCodes = new Set(["22", "32"]);
const debitCodes = new Set(["27", "37"]);

/** The ABA check digit rule: weights 3, 7, 1 over the nine digits sum to a multiple of 10. */
export function abaCheckDigitOk(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  let sum = 0;
  for (let at = 0; at < 9; at++) sum += Number(routing[at]) * [3, 7, 1][at % 3]!;
  return sum % 10 === 0;
}

class Reader {
  constructor(
    private readonly line: string,
    private readonly lineNumber: number,
    private readonly record: string,
  ) {}

  fail(field: string, why: string): never {
    throw new NachaFormatError(`Line ${this.lineNumber} (${this.record}), ${field}: ${why}`);
  }

  raw(name: string, [start, length]: Field): string {
    return this.line.slice(start - 1, start - 1 + length);
  }

  digits(name: string, field: Field): string {
    const value = this.raw(name, field);
    if (!/^\d+$/.test(value)) this.fail(name, `"${value}" is not all digits`);
    return value;
  }

  number(name: string, field: Field): number {
    return Number(this.digits(name, field));
  }

  text(name: string, field: Field): string {
    const value = this.raw(name, field);
    if (!/^[\x20-\x7e]+$/.test(value)) this.fail(name, "holds a character outside printable ASCII");
    return value.trimEnd();
  }

  blank(name: string, field: Field) {
    if (this.raw(name, field).trim() !== "") this.fail(name, "must be blank");
  }

  exactly(name: string, field: Field, expected: string) {
    const value = this.raw(name, field);
    if (value !== expected) this.fail(name, `"${value}" where the format says "${expected}"`);
  }

  date(name: string, field: Field): string {
    const value = this.digits(name, field);
    const [yy, mm, dd] = [value.slice(0, 2), value.slice(2, 4), value.slice(4, 6)].map(Number) as [
      number,
      number,
      number,
    ];
    const day = new Date(Date.UTC(2000 + yy, mm - 1, dd));
    if (day.getUTCMonth() !== mm - 1 || day.getUTCDate() !== dd) this.fail(name, `${value} is not a date`);
    return `20${value.slice(0, 2)}-${value.slice(2, 4)}-${value.slice(4, 6)}`;
  }
}

/** Reads a whole file; throws a NachaFormatError at the first thing the format does not allow. */
export function parseNachaFile(text: string): ParsedNachaFile {
  if (!text.endsWith("\r\n")) throw new NachaFormatError("The last record is not ended by CR LF.");
  const lines = text.slice(0, -2).split("\r\n");
  lines.forEach((line, at) => {
    if (line.includes("\n") || line.includes("\r")) throw new NachaFormatError(`Line ${at + 1}: a bare CR or LF.`);
    if (line.length !== 94) throw new NachaFormatError(`Line ${at + 1}: ${line.length} characters, not 94.`);
  });
  if (lines.length % 10 !== 0)
    throw new NachaFormatError(`${lines.length} lines: not a multiple of the blocking factor 10.`);

  let at = 0;
  const reader = (record: string) => new Reader(lines[at]!, at + 1, record);

  // File header.
  const header = reader("file header");
  header.exactly("record type", fileHeader.recordType, "1");
  header.exactly("priority code", fileHeader.priorityCode, "01");
  const destinationField = header.raw("immediate destination", fileHeader.immediateDestination);
  if (!/^ \d{9}$/.test(destinationField) || !abaCheckDigitOk(destinationField.slice(1)))
    header.fail("immediate destination", `"${destinationField}" is not a blank and a routing number`);
  const immediateOrigin = header.text("immediate origin", fileHeader.immediateOrigin);
  if (header.raw("immediate origin", fileHeader.immediateOrigin).trim().length < 9)
    header.fail("immediate origin", "is shorter than 9 characters");
  const creationDate = header.date("file creation date", fileHeader.creationDate);
  const creationTime = header.digits("file creation time", fileHeader.creationTime);
  if (Number(creationTime.slice(0, 2)) > 23 || Number(creationTime.slice(2)) > 59)
    header.fail("file creation time", `${creationTime} is not a time`);
  const fileIdModifier = header.raw("file id modifier", fileHeader.fileIdModifier);
  if (!/^[A-Z0-9]$/.test(fileIdModifier)) header.fail("file id modifier", "must be A-Z or 0-9");
  header.exactly("record size", fileHeader.recordSize, "094");
  header.exactly("blocking factor", fileHeader.blockingFactor, "10");
  header.exactly("format code", fileHeader.formatCode, "1");
  const immediateDestinationName = header.text("immediate destination name", fileHeader.destinationName);
  const immediateOriginName = header.text("immediate origin name", fileHeader.originName);
  const referenceCode = header.text("reference code", fileHeader.referenceCode);
  at++;

  const batches: ParsedBatch[] = [];
  let lastTrace = "";
  while (lines[at]?.startsWith("5")) {
    const head = reader("batch header");
    const serviceClassCode = head.digits("service class code", batchHeader.serviceClassCode);
    if (!["200", "220", "225"].includes(serviceClassCode))
      head.fail("service class code", `${serviceClassCode} is not 200, 220 or 225`);
    const companyName = head.text("company name", batchHeader.companyName);
    if (companyName === "") head.fail("company name", "is blank");
    const companyDiscretionaryData = head.text("company discretionary data", batchHeader.companyDiscretionaryData);
    const companyId = head.raw("company identification", batchHeader.companyId);
    head.text("company identification", batchHeader.companyId);
    const standardEntryClass = head.raw("standard entry class", batchHeader.standardEntryClass);
    if (standardEntryClass !== "CCD") head.fail("standard entry class", `${standardEntryClass}, not CCD`);
    const entryDescription = head.text("company entry description", batchHeader.entryDescription);
    if (entryDescription === "") head.fail("company entry description", "is blank");
    const descriptiveDate = head.text("company descriptive date", batchHeader.descriptiveDate);
    const effectiveEntryDate = head.date("effective entry date", batchHeader.effectiveEntryDate);
    head.blank("settlement date (the ACH operator's)", batchHeader.settlementDate);
    head.exactly("originator status code", batchHeader.originatorStatusCode, "1");
    const odfiIdentification = head.digits("originating DFI identification", batchHeader.odfiIdentification);
    const batchNumber = head.number("batch number", batchHeader.batchNumber);
    if (batchNumber !== batches.length + 1)
      head.fail("batch number", `${batchNumber} where ${batches.length + 1} comes next`);
    at++;

    const entries: ParsedEntry[] = [];
    while (lines[at]?.startsWith("6")) {
      const entry = reader("entry detail");
      const transactionCode = entry.digits("transaction code", entryDetail.transactionCode);
      const credit = creditCodes.has(transactionCode);
      if (!credit && !debitCodes.has(transactionCode))
        entry.fail("transaction code", `${transactionCode} is not a live checking or savings credit or debit`);
      if (serviceClassCode === "220" && !credit)
        entry.fail("transaction code", "a debit in a credits-only batch (220)");
      if (serviceClassCode === "225" && credit) entry.fail("transaction code", "a credit in a debits-only batch (225)");
      const routingNumber =
        entry.digits("receiving DFI identification", entryDetail.rdfiIdentification) +
        entry.digits("check digit", entryDetail.checkDigit);
      if (!abaCheckDigitOk(routingNumber)) entry.fail("check digit", `${routingNumber} fails the ABA check`);
      const accountNumber = entry.text("DFI account number", entryDetail.accountNumber);
      if (accountNumber === "") entry.fail("DFI account number", "is blank");
      if (entry.raw("DFI account number", entryDetail.accountNumber).startsWith(" "))
        entry.fail("DFI account number", "is not left-justified");
      const amountCents = entry.number("amount", entryDetail.amount);
      if (amountCents === 0) entry.fail("amount", "zero on a live entry");
      const identification = entry.text("identification number", entryDetail.identification);
      const receiverName = entry.text("receiving company name", entryDetail.receiverName);
      if (receiverName === "") entry.fail("receiving company name", "is blank");
      const discretionaryData = entry.raw("discretionary data", entryDetail.discretionaryData);
      entry.text("discretionary data", entryDetail.discretionaryData);
      entry.exactly("addenda record indicator", entryDetail.addendaIndicator, "0");
      const traceNumber = entry.digits("trace number", entryDetail.traceNumber);
      if (!traceNumber.startsWith(odfiIdentification))
        entry.fail("trace number", "does not start with the batch's ODFI");
      if (traceNumber <= lastTrace) entry.fail("trace number", `${traceNumber} does not ascend after ${lastTrace}`);
      lastTrace = traceNumber;
      entries.push({
        transactionCode,
        routingNumber,
        accountNumber,
        amountCents,
        identification,
        receiverName,
        discretionaryData,
        traceNumber,
        credit,
      });
      at++;
    }
    if (entries.length === 0) reader("batch").fail("entries", "a batch without entries");

    const control = reader("batch control");
    control.exactly("record type", batchControl.recordType, "8");
    control.exactly("service class code", batchControl.serviceClassCode, serviceClassCode);
    const count = control.number("entry/addenda count", batchControl.entryAndAddendaCount);
    if (count !== entries.length) control.fail("entry/addenda count", `${count} for ${entries.length} entries`);
    const entryHash = control.digits("entry hash", batchControl.entryHash);
    const hash = entries.reduce((sum, each) => sum + BigInt(each.routingNumber.slice(0, 8)), 0n) % 10_000_000_000n;
    if (BigInt(entryHash) !== hash) control.fail("entry hash", `${entryHash} where the entries sum to ${hash}`);
    const totalDebitCents = control.number("total debit", batchControl.totalDebit);
    const totalCreditCents = control.number("total credit", batchControl.totalCredit);
    const debits = entries.filter((each) => !each.credit).reduce((sum, each) => sum + each.amountCents, 0);
    const credits = entries.filter((each) => each.credit).reduce((sum, each) => sum + each.amountCents, 0);
    if (totalDebitCents !== debits) control.fail("total debit", `${totalDebitCents} where the debits sum to ${debits}`);
    if (totalCreditCents !== credits)
      control.fail("total credit", `${totalCreditCents} where the credits sum to ${credits}`);
    control.exactly("company identification", batchControl.companyId, companyId);
    control.blank("message authentication code", batchControl.messageAuthenticationCode);
    control.blank("reserved", batchControl.reserved);
    control.exactly("originating DFI identification", batchControl.odfiIdentification, odfiIdentification);
    control.exactly("batch number", batchControl.batchNumber, String(batchNumber).padStart(7, "0"));
    at++;
    batches.push({
      serviceClassCode,
      companyName,
      companyDiscretionaryData,
      companyId,
      standardEntryClass,
      entryDescription,
      descriptiveDate,
      effectiveEntryDate,
      odfiIdentification,
      batchNumber,
      entries,
      entryHash,
      totalDebitCents,
      totalCreditCents,
    });
  }
  if (batches.length === 0) reader("after the file header").fail("record type", "a batch header (5) comes next");

  const control = reader("file control");
  control.exactly("record type", fileControl.recordType, "9");
  const batchCount = control.number("batch count", fileControl.batchCount);
  if (batchCount !== batches.length) control.fail("batch count", `${batchCount} for ${batches.length} batches`);
  const blockCount = control.number("block count", fileControl.blockCount);
  if (blockCount * 10 !== lines.length) control.fail("block count", `${blockCount} blocks for ${lines.length} lines`);
  const entryAndAddendaCount = control.number("entry/addenda count", fileControl.entryAndAddendaCount);
  const allEntries = batches.flatMap((batch) => batch.entries);
  if (entryAndAddendaCount !== allEntries.length)
    control.fail("entry/addenda count", `${entryAndAddendaCount} for ${allEntries.length} entries`);
  const entryHash = control.digits("entry hash", fileControl.entryHash);
  const hash = batches.reduce((sum, batch) => sum + BigInt(batch.entryHash), 0n) % 10_000_000_000n;
  if (BigInt(entryHash) !== hash) control.fail("entry hash", `${entryHash} where the batches sum to ${hash}`);
  const totalDebitCents = control.number("total debit", fileControl.totalDebit);
  const totalCreditCents = control.number("total credit", fileControl.totalCredit);
  const sum = (pick: (batch: ParsedBatch) => number) => batches.reduce((total, batch) => total + pick(batch), 0);
  if (totalDebitCents !== sum((batch) => batch.totalDebitCents)) control.fail("total debit", "not the batches' sum");
  if (totalCreditCents !== sum((batch) => batch.totalCreditCents)) control.fail("total credit", "not the batches' sum");
  control.blank("reserved", fileControl.reserved);
  at++;
  for (; at < lines.length; at++)
    if (lines[at] !== "9".repeat(94)) reader("filler").fail("record", "only lines of 9s may follow the file control");

  return {
    immediateDestination: destinationField.slice(1),
    immediateOrigin,
    creationDate,
    creationTime,
    fileIdModifier,
    immediateDestinationName,
    immediateOriginName,
    referenceCode,
    batches,
    batchCount,
    blockCount,
    entryAndAddendaCount,
    entryHash,
    totalDebitCents,
    totalCreditCents,
    lineCount: lines.length,
  };
}
