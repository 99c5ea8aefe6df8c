import { getFunderSettings, listFunders, type FunderRow } from "#domain/funders/contracts.ts";
import { fundingPrograms, labelOf } from "#domain/funders/funder-terms.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { Table, type TableColumn } from "../components/ui/table.tsx";
import { RouteError } from "../components/ui/route-error.tsx";
import { funderSettingIntent, saveFunder, saveFunderSetting } from "../features/back-office/funders/funder-actions.ts";
import { FunderEditor } from "../features/back-office/funders/funder-editor.tsx";
import { FunderSettingForm } from "../features/back-office/funders/funder-setting-form.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { meContext } from "../lib/session.ts";
import type { Route } from "./+types/back-office-funders";

export const meta = () => appPageMeta("Funders");

export async function clientLoader({ request, context }: Route.ClientLoaderArgs) {
  const options = { signal: request.signal };
  const [list, settings] = await Promise.all([call(listFunders, {}, options), call(getFunderSettings, {}, options)]);
  return { funders: list.funders, settings, admin: context.get(meContext).user.role === "admin" };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  return form.get("intent") === funderSettingIntent ? saveFunderSetting(form) : saveFunder(form);
}

export const ErrorBoundary = RouteError;

const amountRange = (funder: FunderRow) =>
  funder.minAmountCents === null && funder.maxAmountCents === null
    ? "Any"
    : `${funder.minAmountCents === null ? "Up to" : formatUsd(funder.minAmountCents / 100)}${funder.minAmountCents !== null && funder.maxAmountCents !== null ? " to " : " "}${funder.maxAmountCents === null ? "and up" : formatUsd(funder.maxAmountCents / 100)}`;

const columns: TableColumn<FunderRow>[] = [
  { key: "name", header: "Funder", rowHeader: true, cell: (funder) => funder.name, sortValue: (funder) => funder.name },
  {
    key: "programs",
    header: "Programs",
    cell: (funder) => funder.programs.map((program) => labelOf(fundingPrograms, program)).join(", "),
  },
  { key: "score", header: "Min. score", cell: (funder) => funder.minCreditScore ?? "Any" },
  {
    key: "months",
    header: "Min. time in business",
    cell: (funder) => (funder.minMonthsInBusiness === null ? "Any" : `${funder.minMonthsInBusiness} months`),
  },
  { key: "amount", header: "Amount", cell: amountRange },
  { key: "states", header: "States", cell: (funder) => (funder.states.length ? funder.states.join(", ") : "All") },
  { key: "active", header: "Status", cell: (funder) => (funder.active ? "Active" : "Inactive") },
  {
    key: "contact",
    header: "Contact",
    cell: (funder) => [funder.contactName, funder.contactEmail, funder.contactPhone].filter(Boolean).join(" · ") || "—",
  },
];

/** The funder network (docs/product-rules.md#r54-the-funder-network): staff read it, admins add and change funders. */
export default function BackOfficeFunders({ loaderData }: Route.ComponentProps) {
  const { funders, settings, admin } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold">Funders</h1>
      <p className="mt-1 max-w-prose text-slate-700">
        The banks and lenders deals are sent to, with the criteria they publish. A deal&apos;s page suggests the active
        funders whose criteria it meets.
      </p>
      <Table
        caption="Funders"
        columns={columns}
        rows={funders}
        rowKey={(funder) => funder.id}
        empty="No funders yet."
      />
      <FunderSettingForm key={settings.updatedAt ?? "default"} settings={settings} admin={admin} />
      {admin ? (
        <div className="mt-6 space-y-6">
          {funders.map((funder) => (
            <FunderEditor key={funder.id} funder={funder} version={funder.updatedAt} />
          ))}
          <FunderEditor funder={null} version={String(funders.length)} />
        </div>
      ) : null}
    </>
  );
}
