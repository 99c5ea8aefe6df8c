import { useOutletContext } from "react-router";
import type { Me } from "#domain/accounts/me-contracts.ts";
import { getPortalDashboard, listPortalDeals } from "#domain/deals/portal-contracts.ts";
import { getCreditStatus } from "#domain/working-calendar/contracts.ts";
import { getPortalFollowUps } from "#domain/funders/deal-funder-contracts.ts";
import { dealerRoles } from "#domain/auth/dealer-roles.ts";
import { listTeam } from "#domain/team/contracts.ts";
import { getPortalEarningsGlance } from "#domain/earnings/portal-contracts.ts";
import { monthAndYearInTimeZone, monthFilterOptions } from "#domain/deals/business-month.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { PortalDeals } from "../features/portal/portal-deals.tsx";
import { EarningsGlanceCard } from "../features/portal/earnings/earnings-glance.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { brand } from "../lib/public-config.ts";
import { meContext } from "../lib/session.ts";
import type { Route } from "./+types/portal-home";

export const meta = () => appPageMeta("Vendor Portal");

/** "Show more deals" pages kept in the URL (`?more=2`): each is one more request of 50. */
const maxMorePages = 20;

// ?month=0-11|all (none: this month in the business time zone); ?more=n pages after the first.
// A dealer admin may narrow the list to one owner (?owner=<user id>), chosen among the company's users.
export async function clientLoader({ request, context }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const dealerAdmin = context.get(meContext).user.dealerRole === dealerRoles.admin;
  const owner = dealerAdmin ? search.get("owner") || undefined : undefined;
  const currentMonth = String(monthAndYearInTimeZone(new Date(), brand.timeZone).month);
  const asked = search.get("month");
  const month = monthFilterOptions.some((option) => option.value === asked) ? asked! : currentMonth;
  const more = Math.min(maxMorePages, Math.max(0, Math.floor(Number(search.get("more")) || 0)));
  const options = { signal: request.signal };
  const readDeals = async () => {
    let page = await call(listPortalDeals, { query: { month, owner } }, options);
    const deals = [...page.deals];
    for (let count = 0; count < more && page.nextCursor; count += 1) {
      page = await call(listPortalDeals, { query: { month, owner, cursor: page.nextCursor } }, options);
      deals.push(...page.deals);
    }
    return { deals, nextCursor: page.nextCursor };
  };
  const [list, dashboard, followUps, credit, team, earnings] = await Promise.all([
    readDeals(),
    call(getPortalDashboard, { query: { month } }, options),
    call(getPortalFollowUps, {}, options),
    call(getCreditStatus, {}, options),
    dealerAdmin ? call(listTeam, {}, options) : null,
    // The company's earnings are its dealer admins' (docs/product-rules.md#r61-dealer-earnings).
    dealerAdmin ? call(getPortalEarningsGlance, {}, options) : null,
  ]);
  return {
    month,
    currentMonth,
    more,
    deals: list.deals,
    nextCursor: list.nextCursor,
    dashboard,
    followUps,
    creditOnline: credit.online,
    /** The owner filter's choices: null for a sales rep, who sees only their own deals. */
    owners: team ? team.members.map((member) => ({ value: member.id, label: member.name })) : null,
    owner: owner ?? "",
    earnings,
  };
}

export const ErrorBoundary = RouteError;

export default function PortalHome({ loaderData }: Route.ComponentProps) {
  const me = useOutletContext<Me>();
  const { earnings, ...deals } = loaderData;
  return <PortalDeals me={me} {...deals} earnings={earnings ? <EarningsGlanceCard glance={earnings} /> : null} />;
}
