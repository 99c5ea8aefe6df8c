import { Link } from "react-router";
import { formatCents, formatPoints } from "#domain/earnings/earnings-figures.ts";
import type { EarningsGlance } from "#domain/earnings/portal-contracts.ts";

/** The dashboard's earnings for dealer admins (docs/product-rules.md#r61-dealer-earnings): the tier now and this month's accrued earnings. */
export function EarningsGlanceCard({ glance }: { glance: EarningsGlance }) {
  return (
    <section aria-labelledby="earnings-glance-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="earnings-glance-heading" className="text-sm font-medium text-slate-700">
        Earnings
      </h2>
      <p className="mt-1">
        <span className="text-2xl font-bold">{glance.tier.label}</span>{" "}
        <span>({formatPoints(glance.tier.pointsBasisPoints)})</span>
      </p>
      <p>This month: {formatCents(glance.thisMonthAccruedCents)} accrued</p>
      <Link to="/portal/earnings" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
        See your earnings
      </Link>
    </section>
  );
}
