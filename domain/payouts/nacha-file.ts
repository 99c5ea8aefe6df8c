/**
 * The NACHA ACH file of a payout batch (docs/product-rules.md#r60-payout-batches), built here as a
 * pure function (ADR 0022: the npm builders measured did not fit). One file, one CCD batch of
 * credits to the dealers' accounts (transaction code 22 checking, 32 savings); a balanced file adds
 * one debit (27 checking, 37 savings) to the lender's own settlement account at the ODFI for the
 * credits' total, and its batch is then "mixed" (service class 200; 220 when credits only).
 * Records are 94 characters, each ended by CR LF, the file filled with lines of 9s to a multiple of 10.
 */

export const nachaRecordLength = 94;
export const nachaBlockingFactor = 10;
/** The largest amount one entry can carry: ten digits of cents. */
export const nachaMaxEntryCents = 9_999_999_999;

export type NachaAccountType = "checking" | "savings";

/** The lender's ODFI details, from the server's configuration (ACH_* variables). */
export type NachaOriginator = {
  /** The bank (or its processor) the file is sent to: 9-digit routing number. */
  immediateDestination: string;
  immediateDestinationName: string;
  /** 10 characters; a 9-digit number is written with a leading space. */
  immediateOrigin: string;
  immediateOriginName: string;
  /** The name the dealers' banks show (16 characters). */
  companyName: string;
  /** The company identification (10 characters, usually "1" and the lender's EIN). */
  companyId: string;
  /** The ODFI's routing number (9 digits): its first 8 identify it in the batch and start every trace number. */
  odfiRouting: string;
};

export type NachaCredit = {
  routingNumber: string;
  accountNumber: string;
  accountType: NachaAccountType;
  amountCents: number;
  /** The receiver's identification number at the lender (15): the deal's account number, or the earnings month. */
  identification: string;
  /** The receiver's name (22): the account holder. */
  receiverName: string;
  /** ODFI 8 digits + a 7-digit sequence, ascending through the file. */
  traceNumber: string;
};

export type NachaFileInput = {
  originator: NachaOriginator;
  fileIdModifier: string;
  /** When the file is created, in the business time zone: YYYY-MM-DD and HH:MM. */
  createdOn: string;
  createdAt: string;
  /** The day the credits settle (YYYY-MM-DD): the next banking day. */
  effectiveEntryDate: string;
  /** Printed by the dealers' banks (10): "DEALER PAY". */
  entryDescription: string;
  credits: readonly NachaCredit[];
  /** Balanced: the debit to the lender's settlement account, with the trace number after the last credit's. */
  offset: { accountNumber: string; accountType: NachaAccountType; traceNumber: string } | null;
};

export class NachaFileError extends Error {}

/** The ABA check: 3, 7, 1 weights over the nine digits sum to a multiple of 10. */
export function isAbaRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = routing.split("").reduce((total, digit, at) => total + Number(digit) * weights[at]!, 0);
  return sum % 10 === 0;
}

/** Text for an alphanumeric field: upper case, accents dropped, anything but printable ASCII a space. */
export function nachaText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^\x20-\x7e]/g, " ");
}

const alpha = (text: string, width: number) => nachaText(text).slice(0, width).padEnd(width, " ");
const numeric = (value: number | string, width: number) => {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > width) throw new NachaFileError(`${text} does not fit ${width} digits.`);
  return text.padStart(width, "0");
};
/** YYYY-MM-DD -> YYMMDD. */
const yymmdd = (day: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new NachaFileError(`Not a day: ${day}.`);
  return day.slice(2).replaceAll("-", "");
};

const creditCodes: Record<NachaAccountType, string> = { checking: "22", savings: "32" };
const debitCodes: Record<NachaAccountType, string> = { checking: "27", savings: "37" };

function checkRouting(routing: string, what: string) {
  if (!isAbaRoutingNumber(routing)) throw new NachaFileError(`${what}: ${routing} is not a routing number.`);
}

function checkAccount(account: string, what: string) {
  if (!/^[0-9A-Za-z-]{1,17}$/.test(account)) throw new NachaFileError(`${what}: the account number does not fit.`);
}

function entryRecord(
  code: string,
  routing: string,
  account: string,
  amountCents: number,
  identification: string,
  name: string,
  trace: string,
) {
  return [
    "6",
    code,
    routing, // 8 digits of the RDFI and its check digit
    alpha(account, 17),
    numeric(amountCents, 10),
    alpha(identification, 15),
    alpha(name, 22),
    "  ", // discretionary data
    "0", // no addenda
    numeric(trace, 15),
  ].join("");
}

/** The whole file's text, or a NachaFileError naming what does not fit. */
export function buildNachaFile(input: NachaFileInput): string {
  const { originator, credits, offset } = input;
  checkRouting(originator.immediateDestination, "Immediate destination");
  checkRouting(originator.odfiRouting, "ODFI");
  if (!/^[A-Z0-9]$/.test(input.fileIdModifier)) throw new NachaFileError("The file id modifier is A-Z or 0-9.");
  if (!/^\d{2}:\d{2}$/.test(input.createdAt)) throw new NachaFileError(`Not a time: ${input.createdAt}.`);
  if (credits.length === 0) throw new NachaFileError("A file needs at least one credit.");
  const origin = /^\d{9}$/.test(originator.immediateOrigin)
    ? ` ${originator.immediateOrigin}`
    : originator.immediateOrigin;
  if (origin.length !== 10) throw new NachaFileError("The immediate origin is 10 characters.");
  if (originator.companyId.length !== 10) throw new NachaFileError("The company id is 10 characters.");
  const odfi = originator.odfiRouting.slice(0, 8);
  const serviceClass = offset ? "200" : "220";

  const entries: string[] = [];
  let hash = 0;
  let totalCredit = 0;
  let lastTrace = "";
  const trace = (value: string) => {
    if (!/^\d{15}$/.test(value) || !value.startsWith(odfi))
      throw new NachaFileError(`Trace ${value} is not the ODFI's.`);
    if (value <= lastTrace) throw new NachaFileError("Trace numbers ascend through the file.");
    lastTrace = value;
    return value;
  };
  for (const credit of credits) {
    checkRouting(credit.routingNumber, "A dealer's account");
    checkAccount(credit.accountNumber, "A dealer's account");
    if (!Number.isSafeInteger(credit.amountCents) || credit.amountCents <= 0 || credit.amountCents > nachaMaxEntryCents)
      throw new NachaFileError(`An entry of ${credit.amountCents} cents cannot be paid.`);
    entries.push(
      entryRecord(
        creditCodes[credit.accountType],
        credit.routingNumber,
        credit.accountNumber,
        credit.amountCents,
        credit.identification,
        credit.receiverName,
        trace(credit.traceNumber),
      ),
    );
    hash += Number(credit.routingNumber.slice(0, 8));
    totalCredit += credit.amountCents;
  }
  let totalDebit = 0;
  if (offset) {
    checkAccount(offset.accountNumber, "The settlement account");
    if (totalCredit > nachaMaxEntryCents) throw new NachaFileError("The offset does not fit one entry.");
    entries.push(
      entryRecord(
        debitCodes[offset.accountType],
        originator.odfiRouting,
        offset.accountNumber,
        totalCredit,
        "SETTLEMENT",
        originator.companyName,
        trace(offset.traceNumber),
      ),
    );
    hash += Number(odfi);
    totalDebit = totalCredit;
  }
  const entryHash = numeric(hash % 10_000_000_000, 10);
  const batchNumber = numeric(1, 7);

  const fileHeader = [
    "1",
    "01",
    ` ${originator.immediateDestination}`,
    origin,
    yymmdd(input.createdOn),
    input.createdAt.replace(":", ""),
    input.fileIdModifier,
    "094",
    numeric(nachaBlockingFactor, 2),
    "1",
    alpha(originator.immediateDestinationName, 23),
    alpha(originator.immediateOriginName, 23),
    alpha("", 8),
  ].join("");
  const batchHeader = [
    "5",
    serviceClass,
    alpha(originator.companyName, 16),
    alpha("", 20),
    alpha(originator.companyId, 10),
    "CCD",
    alpha(input.entryDescription, 10),
    yymmdd(input.createdOn), // the company descriptive date: the batch's day
    yymmdd(input.effectiveEntryDate),
    "   ", // settlement date: the ACH operator fills it in
    "1",
    odfi,
    batchNumber,
  ].join("");
  const batchControl = [
    "8",
    serviceClass,
    numeric(entries.length, 6),
    entryHash,
    numeric(totalDebit, 12),
    numeric(totalCredit, 12),
    alpha(originator.companyId, 10),
    alpha("", 19),
    alpha("", 6),
    odfi,
    batchNumber,
  ].join("");
  const records = [fileHeader, batchHeader, ...entries, batchControl];
  const blocks = Math.ceil((records.length + 1) / nachaBlockingFactor);
  const fileControl = [
    "9",
    numeric(1, 6),
    numeric(blocks, 6),
    numeric(entries.length, 8),
    entryHash,
    numeric(totalDebit, 12),
    numeric(totalCredit, 12),
    alpha("", 39),
  ].join("");
  records.push(fileControl);
  while (records.length % nachaBlockingFactor !== 0) records.push("9".repeat(nachaRecordLength));
  for (const record of records)
    if (record.length !== nachaRecordLength) throw new NachaFileError(`A record of ${record.length} characters.`);
  return records.map((record) => `${record}\r\n`).join("");
}
