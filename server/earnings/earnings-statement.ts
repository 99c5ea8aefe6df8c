import { formatCents, formatPoints, monthLabel, plainDollars } from "#domain/earnings/earnings-figures.ts";
import type { Brand } from "#domain/site/brand.ts";
import { formatCalendarDate } from "#domain/site/business-time.ts";
import { toCsv } from "../shared/csv/to-csv.ts";
import { writePdfDocument, type PdfBlock } from "../shared/pdf/write-document.ts";
import type { StatementFacts } from "./dealer-earnings.ts";

// A month's earnings statement (docs/product-rules.md#r61-dealer-earnings): the same lines as the
// Earnings screen's month, as CSV (amounts in plain dollars, two decimals, from integer cents) and as PDF.

const csvHeader = [
  "date",
  "account",
  "business",
  "amount_financed",
  "tier",
  "points",
  "accrued",
  "paid",
  "clawed_back",
];

/** The statement's file name: earnings-2026-03.csv / .pdf. */
export const statementFileName = (month: string, extension: "csv" | "pdf") => `earnings-${month}.${extension}`;

export function statementCsv(facts: StatementFacts): string {
  const rows = facts.lines.map((line) => [
    line.date,
    line.accountNumber,
    line.accountNumber ? line.businessName : "Monthly payment",
    plainDollars(line.amountFinancedCents),
    line.tierLabel,
    line.accountNumber ? formatPoints(line.pointsBasisPoints) : "",
    plainDollars(line.accruedCents),
    plainDollars(line.paidCents),
    plainDollars(line.clawedBackCents),
  ]);
  rows.push([
    "",
    "",
    "Total",
    "",
    "",
    "",
    plainDollars(facts.totals.accruedCents),
    plainDollars(facts.totals.paidCents),
    plainDollars(facts.totals.clawedBackCents),
  ]);
  return toCsv(csvHeader, rows);
}

export function statementPdf(brand: Brand, facts: StatementFacts, today: string): Promise<Buffer> {
  const title = `Earnings statement, ${monthLabel(facts.month)}`;
  const blocks: PdfBlock[] = [
    { kind: "title", text: title },
    { kind: "paragraph", text: `${facts.companyName}. Issued by ${brand.legalName} on ${formatCalendarDate(today)}.` },
    { kind: "heading", text: "Deals" },
    facts.lines.length
      ? {
          kind: "table",
          columns: ["Date", "Deal", "Business", "Financed", "Tier", "Accrued", "Paid", "Clawed back"],
          widths: [1.7, 1.5, 2, 1.9, 1.7, 1.6, 1.4, 1.6],
          rows: facts.lines.map((line) => [
            line.date,
            line.accountNumber,
            line.accountNumber ? line.businessName : "Monthly payment",
            line.accountNumber ? formatCents(line.amountFinancedCents) : "",
            line.accountNumber ? `${line.tierLabel} ${formatPoints(line.pointsBasisPoints)}` : "",
            formatCents(line.accruedCents),
            formatCents(line.paidCents),
            formatCents(line.clawedBackCents),
          ]),
        }
      : { kind: "paragraph", text: "No earnings lines this month." },
    { kind: "heading", text: "Totals" },
    {
      kind: "table",
      rows: [
        ["Accrued", formatCents(facts.totals.accruedCents)],
        ["Paid", formatCents(facts.totals.paidCents)],
        ["Clawed back", formatCents(facts.totals.clawedBackCents)],
        [`Balance at the end of ${monthLabel(facts.month)}`, formatCents(facts.closingBalanceCents)],
      ],
    },
    {
      kind: "small-print",
      text: "Earnings are points on the amount financed, at the tier of the trailing funded volume when the deal funded. A negative balance is earnings clawed back that the next payments net out.",
    },
  ];
  return writePdfDocument({ title, author: brand.legalName, subject: facts.companyName, blocks });
}
