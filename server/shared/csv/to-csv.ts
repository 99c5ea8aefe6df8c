/** A plain number ("-12.34"): a spreadsheet reads it as one, never as a formula. */
const plainNumber = /^-?\d+(\.\d+)?$/;

/** One RFC 4180 cell; a cell a spreadsheet would run as a formula is prefixed with a quote. */
function csvCell(value: unknown): string {
  let text = value instanceof Date ? value.toISOString() : String(value ?? "");
  if (/^[=+\-@\t\r]/.test(text) && !plainNumber.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV lines, each ended by CRLF: a streamed export writes them batch by batch. */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",") + "\r\n").join("");
}

/** RFC 4180 CSV with formula-safe cells. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return csvLines([header, ...rows]);
}
