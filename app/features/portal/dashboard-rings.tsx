import { useEffect, useState } from "react";
import type { Dashboard } from "#domain/deals/portal-contracts.ts";
import type { PortalFollowUps } from "#domain/funders/deal-funder-contracts.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";

/** docs/product-rules.md#r11-timed-theatre: the ring animation ticks every 20 ms over a circle length of 240. */
const ringLength = 240;
const tickMs = 20;

function Ring({ label, value, percent, detail }: { label: string; value: string; percent: number; detail?: string }) {
  // Remounted (by its key) when the percentage changes, so each change animates from 0.
  const [ticked, setTicked] = useState(0);
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  useEffect(() => {
    if (still) return;
    const timer = setInterval(
      () =>
        setTicked((current) => (current >= percent ? (clearInterval(timer), percent) : Math.min(percent, current + 4))),
      tickMs,
    );
    return () => clearInterval(timer);
  }, [percent, still]);
  const shown = still ? percent : ticked;
  const radius = ringLength / (2 * Math.PI);
  return (
    <figure className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <svg viewBox="0 0 100 100" className="size-20 shrink-0" aria-hidden="true">
        <circle cx="50" cy="50" r={radius} fill="none" stroke="#e2e8f0" strokeWidth="10" />
        <circle
          cx="50"
          cy="50"
          r={radius}
          fill="none"
          stroke="#0b5cad"
          strokeWidth="10"
          strokeDasharray={`${(shown / 100) * ringLength} ${ringLength}`}
          transform="rotate(-90 50 50)"
        />
      </svg>
      <figcaption>
        <span className="block text-sm font-medium text-slate-700">{label}</span>
        <span className="block text-2xl font-bold">{value}</span>
        {detail ? <span className="block text-sm">{detail}</span> : null}
      </figcaption>
    </figure>
  );
}

export function DashboardRings({ dashboard }: { dashboard: Dashboard }) {
  const share = (count: number) =>
    dashboard.applications === 0 ? 0 : Math.round((count / dashboard.applications) * 100);
  return (
    <section aria-label="Dashboard" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Ring
        key={`applications-${dashboard.applications > 0 ? 100 : 0}`}
        label="Applications"
        value={String(dashboard.applications)}
        percent={dashboard.applications > 0 ? 100 : 0}
      />
      <Ring
        key={`approved-${share(dashboard.approved.count)}`}
        label="Approved"
        value={String(dashboard.approved.count)}
        percent={share(dashboard.approved.count)}
        detail={formatUsd(dashboard.approved.total)}
      />
      <Ring
        key={`funded-${share(dashboard.funded.count)}`}
        label="Funded"
        value={String(dashboard.funded.count)}
        percent={share(dashboard.funded.count)}
        detail={formatUsd(dashboard.funded.total)}
      />
      <Ring
        key={`a-credit-${dashboard.tiers[3]}`}
        label="A credit"
        value={`${dashboard.tiers[3]}%`}
        percent={dashboard.tiers[3]}
        detail={`B-C credit ${dashboard.tiers[2]}% · F credit ${dashboard.tiers[1]}%`}
      />
    </section>
  );
}

/**
 * What needs the dealer now, whatever the month (docs/product-rules.md#r54-the-funder-network): stips
 * to send (requested, or rejected and to send again) and approvals expiring within 5 business days.
 */
export function FollowUps({ followUps }: { followUps: PortalFollowUps }) {
  const figures = [
    { label: "Open stips", value: followUps.openStips, detail: "Requested or to send again" },
    { label: "Approvals expiring", value: followUps.approvalsExpiring, detail: "Within 5 business days" },
  ];
  return (
    <section aria-label="Needs your attention" className="grid gap-4 sm:grid-cols-2">
      {figures.map((figure) => (
        <div
          key={figure.label}
          className={`rounded-lg border p-4 ${figure.value > 0 ? "border-amber-400 bg-amber-50" : "border-slate-200 bg-white"}`}
        >
          <span className="block text-sm font-medium text-slate-700">{figure.label}</span>
          <span className="block text-2xl font-bold">{figure.value}</span>
          <span className="block text-sm">{figure.detail}</span>
        </div>
      ))}
    </section>
  );
}
