import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useNavigation, useRevalidator, useSearchParams } from "react-router";
import type { Me } from "#domain/accounts/me-contracts.ts";
import type { Dashboard, PortalDeal } from "#domain/deals/portal-contracts.ts";
import { monthFilterOptions } from "#domain/deals/business-month.ts";
import { Button } from "../../components/ui/button.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import type { PortalFollowUps } from "#domain/funders/deal-funder-contracts.ts";
import { DashboardRings, FollowUps } from "./dashboard-rings.tsx";
import { DealsTable } from "./deals-table.tsx";
import {
  dealThreadKey,
  dealThreadUrl,
  FundingCommunicationDialog,
  type DealThreadLoad,
} from "./funding-communication-dialog.tsx";

const upToDate = "Success: The accounts shown are up to date";

type PortalDealsProps = {
  me: Me;
  /** "0"-"11" or "all". */
  month: string;
  currentMonth: string;
  /** Pages shown after the first ("Show more deals"). */
  more: number;
  deals: PortalDeal[];
  nextCursor: string | null;
  /** "Credit Online": before 15:00 on a working day of the credit team's calendar, as the server read it with the page. */
  creditOnline: boolean;
  dashboard: Dashboard;
  /** Open stips and expiring approvals, whatever the month. */
  followUps: PortalFollowUps;
  /** A dealer admin's owner filter: the company's users (null for a sales rep). */
  owners: { value: string; label: string }[] | null;
  /** The owner shown ("" for everyone). */
  owner: string;
  /** A dealer admin's earnings at a glance (the earnings subject's card), under the follow-ups. */
  earnings?: React.ReactNode;
};

/** The portal's page: credit status, month filter, dashboard and the month's deals (docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words, docs/product-rules.md#r15-dashboard-and-months). */
export function PortalDeals({
  me,
  month,
  currentMonth,
  more,
  deals,
  nextCursor,
  dashboard,
  followUps,
  creditOnline: online,
  owners,
  owner,
  earnings,
}: PortalDealsProps) {
  const toast = useToast();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [, setSearchParams] = useSearchParams();
  const thread = useFetcher<DealThreadLoad>({ key: dealThreadKey });
  const [replying, setReplying] = useState<PortalDeal | null>(null);
  // A refresh that fails shows the route's error instead of this page: no "up to date" then.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  const refresh = async () => {
    await revalidator.revalidate();
    if (shown.current) toast({ title: upToDate, tone: "success" });
  };
  const openThread = (deal: PortalDeal) => {
    setReplying(deal);
    void thread.load(dealThreadUrl(deal.id));
  };
  const sent = useCallback(() => {
    setReplying(null);
    toast({ title: upToDate, tone: "success" });
  }, [toast]);

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">Vendor Portal</h1>
          <p className="mt-1">Welcome, {me.user.name}.</p>
        </div>
        <p
          className={`rounded-full px-3 py-1 text-sm font-semibold ${online ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-800"}`}
        >
          {online ? "Credit Online" : "Credit Offline"}
        </p>
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <SelectField
          label="Month"
          options={monthFilterOptions}
          value={month}
          onChange={(event) =>
            setSearchParams({ month: event.target.value, ...(owner ? { owner } : {}) }, { preventScrollReset: true })
          }
        />
        {owners ? (
          <SelectField
            label="Owner"
            placeholder="Everyone"
            options={owners}
            value={owner}
            onChange={(event) =>
              setSearchParams(
                { month, ...(event.target.value ? { owner: event.target.value } : {}) },
                { preventScrollReset: true },
              )
            }
          />
        ) : null}
        <Button variant="secondary" onClick={() => void refresh()} disabled={revalidator.state !== "idle"}>
          Refresh
        </Button>
      </div>
      <div className="mt-6">
        <DashboardRings dashboard={dashboard} />
      </div>
      <div className="mt-4">
        <FollowUps followUps={followUps} />
      </div>
      {earnings ? <div className="mt-4">{earnings}</div> : null}
      <section id="deals" aria-labelledby="deals-heading" className="mt-8">
        <h2 id="deals-heading" className="text-2xl font-bold">
          Deals
        </h2>
        <DealsTable
          deals={deals}
          showOwner={owners !== null}
          onReply={openThread}
          empty={
            month === currentMonth || month === "all" ? "No Files Submitted yet." : "No Files Submitted This Month"
          }
        />
        {nextCursor ? (
          <Button
            variant="secondary"
            className="mt-4"
            disabled={navigation.state !== "idle"}
            onClick={() =>
              setSearchParams(
                { month, more: String(more + 1), ...(owner ? { owner } : {}) },
                { preventScrollReset: true, replace: true },
              )
            }
          >
            Show more deals
          </Button>
        ) : null}
      </section>
      {replying ? <FundingCommunicationDialog deal={replying} onClose={() => setReplying(null)} onSent={sent} /> : null}
    </>
  );
}
