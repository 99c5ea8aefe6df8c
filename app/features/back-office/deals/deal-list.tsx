import { Link } from "react-router";
import type { BackOfficeDeal, BackOfficeDealQuery } from "#domain/deals/back-office-contracts.ts";
import type { ListPage } from "#domain/http/list-page.ts";
import { monthFilterOptions } from "#domain/deals/business-month.ts";
import { stageLabel, stageValues } from "#domain/deals/stages.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { DateRangeFilter, ListFilters, ListPager, useListView } from "../../../components/ui/list-controls.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { dealSortParams, dealTableSort } from "./deal-filters.ts";

const stageOptions = stageValues.map((value) => ({ value: String(value), label: stageLabel(value) }));

const columns: TableColumn<BackOfficeDeal>[] = [
  {
    key: "business",
    header: "Business",
    rowHeader: true,
    sortable: true,
    cell: (deal) => (
      <>
        <Link to={`/back-office/deals/${deal.id}`} className="font-semibold text-brand-700 underline">
          {deal.businessName}
        </Link>
        <span className="block">{deal.accountNumber}</span>
        {deal.vendorWroteLast ? (
          <span className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            Vendor wrote
          </span>
        ) : null}
      </>
    ),
  },
  { key: "vendor", header: "Vendor", cell: (deal) => deal.companyName },
  { key: "stage", header: "Stage", cell: (deal) => stageLabel(deal.stage) },
  { key: "amount", header: "Amount", cell: (deal) => formatUsd(deal.costOfEquipment - deal.downPayment) },
  {
    key: "updated",
    header: "Updated",
    sortable: true,
    cell: (deal) => new Date(deal.lastUpdate).toLocaleString("en-US"),
  },
];

/** The filters, sort and page (kept in the URL, so the route's loader reads them) and the deals they match. */
export function DealList({
  view,
  companies,
  deals,
  page,
}: {
  view: BackOfficeDealQuery;
  companies: { value: string; label: string }[];
  deals: BackOfficeDeal[];
  page: ListPage;
}) {
  const change = useListView();
  return (
    <>
      <h1 className="text-2xl font-bold">Deals</h1>
      <ListFilters name="Filter deals" q={view.q ?? ""} help="Account number, business, owner, e-mail, phone or vendor">
        <SelectField
          label="Stage"
          placeholder="All stages"
          options={stageOptions}
          value={view.stage ?? ""}
          onChange={(event) => void change({ stage: event.target.value })}
        />
        <SelectField
          label="Vendor"
          placeholder="All vendors"
          options={companies}
          value={view.company ?? ""}
          onChange={(event) => void change({ company: event.target.value })}
        />
        <SelectField
          label="Month"
          options={monthFilterOptions}
          value={view.month ?? "all"}
          onChange={(event) => void change({ month: event.target.value === "all" ? "" : event.target.value })}
        />
        <Checkbox
          label="Waiting for us"
          help="The vendor wrote last"
          checked={view.waiting === "1"}
          onChange={(event) => void change({ waiting: event.target.checked ? "1" : "" })}
        />
        <DateRangeFilter verb="Submitted" from={view.from ?? ""} to={view.to ?? ""} />
      </ListFilters>
      <ListPager page={page} noun="deals" />
      <Table
        caption="Deals"
        columns={columns}
        rows={deals}
        rowKey={(deal) => deal.id}
        empty="No deals match."
        sort={dealTableSort(view)}
        onSort={(sort) => void change(dealSortParams(sort))}
      />
    </>
  );
}
