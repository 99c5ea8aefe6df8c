import type { FundingLine } from "#domain/funding/funding-amount.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";

const usd = (cents: number) => formatUsd(cents / 100);

/** The funding line by line: what is added, taken off, and the amount to the dealer. */
export function FundingLines({ lines, caption }: { lines: readonly FundingLine[]; caption: string }) {
  return (
    <table className="mt-2 w-full max-w-lg text-left">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300">
          <th scope="col" className="py-1 font-medium">
            Item
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.label} className={line.sign === "=" ? "border-t border-slate-400 font-semibold" : undefined}>
            <th scope="row" className="py-1 font-normal">
              {line.label}
            </th>
            <td className="py-1 text-right tabular-nums">
              {line.sign === "-" ? "− " : line.sign === "+" && line.label !== "Equipment cost" ? "+ " : ""}
              {usd(line.cents)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
