import { earningsOnAmount } from "#domain/earnings/tier-rules.ts";
import { exampleDealCents, formatCents, formatPoints } from "#domain/earnings/earnings-figures.ts";
import type { EarningsRulesView } from "#domain/earnings/tiers-contracts.ts";

/**
 * Earnings by volume tier with the figures admins keep (docs/product-rules.md#r61-dealer-earnings),
 * read when the page opens; without them (prerendered, or the read failed) the rule in words.
 */
export function EarningsTiers({ rules }: { rules: EarningsRulesView | null }) {
  return (
    <section
      aria-labelledby="earnings-tiers-heading"
      className="mt-8 min-h-64 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h3 id="earnings-tiers-heading" className="font-semibold text-slate-900">
        Earnings by volume tier
      </h3>
      <p className="mt-2">
        You earn points, a percent of the amount financed, on every deal that funds. Your tier is set by the volume you
        funded with us over the last {rules ? rules.trailingDays : "90"} days, the deal that funds included: the more
        you fund, the higher the tier.
      </p>
      {rules ? (
        <>
          <table className="mt-3 w-full text-left">
            <caption className="sr-only">Earnings tiers</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-1 pr-3">
                  Tier
                </th>
                <th scope="col" className="py-1 pr-3">
                  Funded volume
                </th>
                <th scope="col" className="py-1 pr-3">
                  Points
                </th>
                <th scope="col" className="py-1">
                  On a {formatCents(exampleDealCents)} deal
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.tiers.map((tier, index) => {
                const next = rules.tiers[index + 1];
                return (
                  <tr key={tier.label} className="border-b">
                    <th scope="row" className="py-1 pr-3 font-medium">
                      {tier.label}
                    </th>
                    <td className="py-1 pr-3">
                      {next
                        ? `${formatCents(tier.minVolumeCents)} to ${formatCents(next.minVolumeCents - 1)}`
                        : `${formatCents(tier.minVolumeCents)} and above`}
                    </td>
                    <td className="py-1 pr-3">{formatPoints(tier.pointsBasisPoints)}</td>
                    <td className="py-1">{formatCents(earningsOnAmount(exampleDealCents, tier.pointsBasisPoints))}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="mt-3 text-sm">
            Earnings accrue when a deal funds and are paid with the funding or monthly. A deal cancelled within{" "}
            {rules.clawbackDays} days of funding gives its earnings back.
          </p>
        </>
      ) : (
        <p className="mt-3 text-sm">The current tiers and their points appear here once the page has loaded.</p>
      )}
    </section>
  );
}
