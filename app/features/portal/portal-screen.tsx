import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { Dashboard, PortalDeal } from "#domain/api/portal.ts";
import type { Me } from "#domain/api/me.ts";
import { creditOnlineUntilHour, monthAndYearInTimeZone, monthFilterOptions } from "#domain/deals/business-month.ts";
import { hourInTimeZone } from "#domain/site/business-time.ts";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { apiRequest } from "../../lib/api.ts";
import { brand } from "../../lib/public-config.ts";
import { signOut } from "../auth/use-me.ts";
import { DashboardRings } from "./dashboard-rings.tsx";
import { DealsTable } from "./deals-table.tsx";
import { FundingCommunicationDialog } from "./funding-communication-dialog.tsx";
import { NewDealDialog } from "./new-deal-dialog.tsx";

const upToDate = "Success: The accounts shown are up to date";

/** The signed-in vendor portal: sidebar, dashboard and deals for a month (spec §2, §9). */
export function PortalScreen({ me }: { me: Me }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [collapsed, setCollapsed] = useState(false);
  const currentMonth = String(monthAndYearInTimeZone(new Date(), brand.timeZone).month);
  const [month, setMonth] = useState(currentMonth);
  const [deals, setDeals] = useState<PortalDeal[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [dashboard, setDashboard] = useState<Dashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [newDealOpen, setNewDealOpen] = useState(false);
  const [newDealKey, setNewDealKey] = useState(0);
  const [replying, setReplying] = useState<PortalDeal | null>(null);
  const online = hourInTimeZone(new Date(), brand.timeZone) < creditOnlineUntilHour;

  const load = useCallback(
    async (announce = false) => {
      try {
        const [list, summary] = await Promise.all([
          apiRequest<{ deals: PortalDeal[]; nextCursor: string | null }>(`/api/portal/deals?month=${month}`),
          apiRequest<Dashboard>(`/api/portal/dashboard?month=${month}`),
        ]);
        setDeals(list.deals);
        setCursor(list.nextCursor);
        setDashboard(summary);
        setError(null);
        if (announce) toast({ title: upToDate, tone: "success" });
      } catch (failure) {
        setError((failure as Error).message);
      }
    },
    [month, toast],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const loadMore = async () => {
    if (!cursor) return;
    const more = await apiRequest<{ deals: PortalDeal[]; nextCursor: string | null }>(`/api/portal/deals?month=${month}&cursor=${encodeURIComponent(cursor)}`);
    setDeals((current) => [...(current ?? []), ...more.deals]);
    setCursor(more.nextCursor);
  };

  const openNewDeal = () => {
    setNewDealKey((key) => key + 1);
    setNewDealOpen(true);
  };
  const sidebarLink = "flex min-h-11 items-center rounded px-3 hover:bg-brand-700";

  return (
    <div className="min-h-screen md:flex">
      <nav aria-label="Vendor portal" className={`bg-brand-900 p-3 text-white ${collapsed ? "md:w-20" : "md:w-60"}`}>
        <button type="button" className={sidebarLink} aria-expanded={!collapsed} onClick={() => setCollapsed(!collapsed)}>
          {collapsed ? "Toggle On" : "Toggle Off"}
        </button>
        <ul className={`mt-2 space-y-1 ${collapsed ? "hidden" : ""}`}>
          <li>
            <button type="button" className={`${sidebarLink} w-full`} onClick={openNewDeal}>
              New Client
            </button>
          </li>
          <li>
            <a href="#deals" className={sidebarLink}>
              Clients
            </a>
          </li>
          <li>
            <a href={brand.vendorHandbookPdf} className={sidebarLink}>
              Handbook
            </a>
          </li>
          <li>
            <a href="/GetQualified" target="_blank" rel="noopener noreferrer" className={sidebarLink}>
              Calculator<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
          <li>
            <a href="/" className={sidebarLink}>
              {brand.name} website
            </a>
          </li>
          <li>
            <button
              type="button"
              className={`${sidebarLink} w-full`}
              onClick={async () => {
                await signOut();
                await navigate("/VendorLogin");
              }}
            >
              Log Out
            </button>
          </li>
        </ul>
      </nav>
      <main className="flex-1 p-4 md:p-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold text-brand-900">Vendor Portal</h1>
            <p className="mt-1">Welcome, {me.user.name}.</p>
          </div>
          <p className={`rounded-full px-3 py-1 text-sm font-semibold ${online ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-800"}`}>{online ? "Credit Online" : "Credit Offline"}</p>
        </div>
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <SelectField label="Month" options={monthFilterOptions} value={month} onChange={(event) => setMonth(event.target.value)} />
          <Button variant="secondary" onClick={() => load(true)}>
            Refresh
          </Button>
        </div>
        {error ? (
          <p role="alert" className="mt-4 text-red-800">
            {error}
          </p>
        ) : null}
        <div className="mt-6">{dashboard ? <DashboardRings dashboard={dashboard} /> : <p role="status">Loading…</p>}</div>
        <section id="deals" aria-labelledby="deals-heading" className="mt-8">
          <h2 id="deals-heading" className="text-2xl font-bold">
            Deals
          </h2>
          {deals === null ? null : deals.length === 0 ? (
            <p className="mt-4">{month === currentMonth || month === "all" ? "No Files Submitted yet." : "No Files Submitted This Month"}</p>
          ) : (
            <div className="mt-4">
              <DealsTable deals={deals} onReply={setReplying} />
            </div>
          )}
          {cursor ? (
            <Button variant="secondary" className="mt-4" onClick={loadMore}>
              Show more deals
            </Button>
          ) : null}
        </section>
      </main>
      <button type="button" onClick={openNewDeal} aria-label="Add client" className={buttonClass("accent", "fixed right-6 bottom-6 z-20 size-14 rounded-full text-3xl shadow-lg")}>
        +
      </button>
      {newDealOpen ? (
        <NewDealDialog
          key={newDealKey}
          open
          onClose={() => setNewDealOpen(false)}
          onCreated={() => {
            void load();
          }}
        />
      ) : null}
      {replying ? (
        <FundingCommunicationDialog
          deal={replying}
          onClose={() => setReplying(null)}
          onSent={() => {
            setReplying(null);
            void load(true);
          }}
        />
      ) : null}
    </div>
  );
}
