import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { BackOfficeDeal } from "#domain/api/back-office.ts";
import { monthFilterOptions } from "#domain/deals/business-month.ts";
import { stageLabel, stageValues } from "#domain/deals/stages.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { Button } from "../components/ui/button.tsx";
import { Form } from "../components/ui/form.tsx";
import { SelectField } from "../components/ui/select-field.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { apiRequest } from "../lib/api.ts";
import { appPageMeta } from "../lib/page-meta.ts";

export const meta = () => appPageMeta("Deals");

export default function BackOfficeDeals() {
  const [stage, setStage] = useState("");
  const [company, setCompany] = useState("");
  const [month, setMonth] = useState("all");
  const [companies, setCompanies] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    void apiRequest<{ companies: { id: string; name: string }[] }>("/api/back-office/vendors").then((data) =>
      setCompanies(data.companies.map((entry) => ({ value: entry.id, label: entry.name }))),
    );
  }, []);
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const [deals, setDeals] = useState<BackOfficeDeal[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams();
    if (stage) params.set("stage", stage);
    if (company) params.set("company", company);
    if (month !== "all") params.set("month", month);
    if (search) params.set("q", search);
    apiRequest<{ deals: BackOfficeDeal[] }>(`/api/back-office/deals?${params}`)
      .then((data) => setDeals(data.deals))
      .catch((failure: Error) => setError(failure.message));
  }, [stage, search, company, month]);

  return (
    <>
      <h1 className="text-2xl font-bold">Deals</h1>
      <Form
        className="mt-4 flex flex-wrap items-end gap-3"
        aria-label="Filter deals"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(query.trim());
        }}
      >
        <SelectField label="Stage" placeholder="All stages" options={stageValues.map((value) => ({ value: String(value), label: stageLabel(value) }))} value={stage} onChange={(event) => setStage(event.target.value)} />
        <SelectField label="Vendor" placeholder="All vendors" options={companies} value={company} onChange={(event) => setCompany(event.target.value)} />
        <SelectField label="Month" options={monthFilterOptions} value={month} onChange={(event) => setMonth(event.target.value)} />
        <TextField label="Search" type="search" value={query} onChange={(event) => setQuery(event.target.value)} help="Business, owner or account number" />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {error ? <p role="alert" className="mt-4 text-red-800">{error}</p> : null}
      {deals === null ? <p role="status" className="mt-4">Loading…</p> : null}
      {deals && deals.length === 0 ? <p className="mt-4">No deals match.</p> : null}
      {deals && deals.length > 0 ? (
        <table className="mt-4 w-full border-collapse text-left text-sm">
          <caption className="sr-only">Deals</caption>
          <thead>
            <tr className="border-b-2">
              <th scope="col" className="p-2">Business</th>
              <th scope="col" className="p-2">Vendor</th>
              <th scope="col" className="p-2">Stage</th>
              <th scope="col" className="p-2">Amount</th>
              <th scope="col" className="p-2">Updated</th>
            </tr>
          </thead>
          <tbody>
            {deals.map((deal) => (
              <tr key={deal.id} className="border-b">
                <th scope="row" className="p-2">
                  <Link to={`/back-office/deals/${deal.id}`} className="font-semibold text-brand-700 underline">
                    {deal.businessName}
                  </Link>
                  <span className="block font-normal">{deal.accountNumber}</span>
                </th>
                <td className="p-2">{deal.companyName}</td>
                <td className="p-2">{stageLabel(deal.stage)}</td>
                <td className="p-2">{formatUsd(deal.costOfEquipment - deal.downPayment)}</td>
                <td className="p-2">{new Date(deal.lastUpdate).toLocaleString("en-US")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
