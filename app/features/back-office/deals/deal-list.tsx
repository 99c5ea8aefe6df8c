import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { backOfficeDealQuery, type BackOfficeDeal } from "#domain/api/back-office-deals.ts";
import { monthFilterOptions } from "#domain/deals/business-month.ts";
import { stageLabel, stageValues } from "#domain/deals/stages.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";
import { withFilter, type DealFilters } from "./deal-filters.ts";

const stageOptions = stageValues.map((value) => ({ value: String(value), label: stageLabel(value) }));

const columns: TableColumn<BackOfficeDeal>[] = [
  {
    key: "business",
    header: "Business",
    rowHeader: true,
    cell: (deal) => (
      <>
        <Link to={`/back-office/deals/${deal.id}`} className="font-semibold text-brand-700 underline">
          {deal.businessName}
        </Link>
        <span className="block">{deal.accountNumber}</span>
        {deal.vendorWroteLast ? <span className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Vendor wrote</span> : null}
      </>
    ),
  },
  { key: "vendor", header: "Vendor", cell: (deal) => deal.companyName },
  { key: "stage", header: "Stage", cell: (deal) => stageLabel(deal.stage) },
  { key: "amount", header: "Amount", cell: (deal) => formatUsd(deal.costOfEquipment - deal.downPayment) },
  { key: "updated", header: "Updated", cell: (deal) => new Date(deal.lastUpdate).toLocaleString("en-US") },
];

/** The filters (kept in the URL, so the route's loader reads them) and the deals they match. */
export function DealList({ filters, companies, deals }: { filters: DealFilters; companies: { value: string; label: string }[]; deals: BackOfficeDeal[] }) {
  const [, setSearchParams] = useSearchParams();
  const change = (key: keyof DealFilters, value: string) => setSearchParams(withFilter(filters, key, value), { preventScrollReset: true });
  // The typed filter, checked by the endpoint's query schema; the choices apply at once. It follows
  // the URL (back, forward, a link) as the loader does.
  const search = useSchemaForm(backOfficeDealQuery, { q: filters.q });
  const [searched, setSearched] = useState(filters.q);
  if (searched !== filters.q) {
    setSearched(filters.q);
    search.reset({ q: filters.q });
  }
  return (
    <>
      <h1 className="text-2xl font-bold">Deals</h1>
      <Form
        className="mt-4 flex flex-wrap items-end gap-3"
        aria-label="Filter deals"
        onSubmit={(event) => {
          event.preventDefault();
          const query = search.validate();
          if (query) change("q", (query.q ?? "").trim());
        }}
        noValidate
      >
        <SelectField label="Stage" placeholder="All stages" options={stageOptions} value={filters.stage} onChange={(event) => change("stage", event.target.value)} />
        <SelectField label="Vendor" placeholder="All vendors" options={companies} value={filters.company} onChange={(event) => change("company", event.target.value)} />
        <SelectField label="Month" options={monthFilterOptions} value={filters.month || "all"} onChange={(event) => change("month", event.target.value)} />
        <Checkbox label="Waiting for us" help="The vendor wrote last" checked={filters.waiting === "1"} onChange={(event) => change("waiting", event.target.checked ? "1" : "")} />
        <TextField label="Search" type="search" help="Business, owner or account number" {...search.text("q")} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <Table caption="Deals" columns={columns} rows={deals} rowKey={(deal) => deal.id} empty="No deals match." />
    </>
  );
}
