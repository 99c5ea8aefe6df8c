import { Link, useOutletContext } from "react-router";
import { getBackOfficeSummary, type BackOfficeSummary } from "#domain/back-office-summary/contracts.ts";
import type { Me } from "#domain/accounts/me-contracts.ts";
import { newDealStage } from "#domain/deals/stages.ts";
import { stipReviewPromise } from "#domain/stips/review-queue-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-home";

export const meta = () => appPageMeta("Back Office");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return call(getBackOfficeSummary, {}, { signal: request.signal });
}

export const ErrorBoundary = RouteError;

const tiles: { key: keyof BackOfficeSummary; label: string; help: string; to: string }[] = [
  {
    key: "newLeadsToday",
    label: "New leads today",
    help: "Received since midnight",
    to: "/back-office/leads?status=new",
  },
  {
    key: "overdueLeads",
    label: "Overdue leads",
    help: "New and past the promised callback time",
    to: "/back-office/leads?status=new",
  },
  {
    key: "dealsAwaitingAnswer",
    label: "Deals waiting for an answer",
    help: "App In, not yet changed or answered by us",
    to: `/back-office/deals?stage=${newDealStage}`,
  },
  {
    key: "vendorMessagesUnanswered",
    label: "Vendor messages unanswered",
    help: "Deals whose vendor wrote last",
    to: "/back-office/deals?waiting=1",
  },
  {
    key: "stipsToReview",
    label: "Stips to review",
    help: `Received, ${stipReviewPromise}`,
    to: "/back-office/stips-to-review",
  },
];

/** The numbers that drive the credit team's day, each opening the list it counts. */
export default function BackOfficeHome({ loaderData }: Route.ComponentProps) {
  const me = useOutletContext<Me>();
  return (
    <>
      <h1 className="text-2xl font-bold">Welcome, {me.user.name}</h1>
      <p className="mt-2">Work new leads first: the site promises a quick call back.</p>
      <h2 className="mt-6 text-xl font-semibold">Today</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link
              to={tile.to}
              className="block h-full rounded-lg border border-slate-300 p-4 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <span className="block text-3xl font-bold text-slate-900">{loaderData[tile.key]}</span>
              <span className="block font-semibold text-brand-700 underline">{tile.label}</span>
              <span className="block text-sm text-slate-700">{tile.help}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
