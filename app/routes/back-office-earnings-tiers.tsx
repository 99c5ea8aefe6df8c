import { Link } from "react-router";
import { authRoles } from "#domain/auth/roles.ts";
import { formatCents, formatPoints } from "#domain/earnings/earnings-figures.ts";
import { getEarningsRules } from "#domain/earnings/tiers-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { Table } from "../components/ui/table.tsx";
import { EarningsTiersForm } from "../features/back-office/earnings/earnings-tiers-form.tsx";
import { runTiersAction } from "../features/back-office/earnings/tiers-actions.ts";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { meContext } from "../lib/session.ts";
import type { Route } from "./+types/back-office-earnings-tiers";

export const meta = () => appPageMeta("Earnings tiers");

export async function clientLoader({ request, context }: Route.ClientLoaderArgs) {
  return {
    rules: await call(getEarningsRules, {}, { signal: request.signal }),
    admin: context.get(meContext).user.role === authRoles.admin,
  };
}

export const clientAction = async ({ request }: Route.ClientActionArgs) => runTiersAction(await request.formData());

export const ErrorBoundary = RouteError;

export default function BackOfficeEarningsTiers({ loaderData }: Route.ComponentProps) {
  const { rules, admin } = loaderData;
  return (
    <>
      <p>
        <Link to="/back-office/earnings" className="text-brand-700 underline">
          Earnings
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Earnings tiers</h1>
      <p className="mt-1 max-w-3xl">
        A dealer earns the points of the tier its funded volume of the last {rules.trailingDays} days reaches, on the
        amount financed of each deal as it funds; a deal cancelled within {rules.clawbackDays} days gives them back.
        {rules.updatedBy && rules.updatedAt
          ? ` Last changed by ${rules.updatedBy} on ${new Date(rules.updatedAt).toLocaleDateString("en-US")}.`
          : ""}
      </p>
      {admin ? (
        <EarningsTiersForm rules={rules} />
      ) : (
        <Table
          caption="Earnings tiers"
          showCaption
          columns={[
            { key: "label", header: "Tier", rowHeader: true, cell: (tier) => tier.label },
            { key: "from", header: "From", cell: (tier) => formatCents(tier.minVolumeCents) },
            { key: "points", header: "Points", cell: (tier) => formatPoints(tier.pointsBasisPoints) },
          ]}
          rows={rules.tiers}
          rowKey={(tier) => tier.label}
          empty="No tiers."
        />
      )}
    </>
  );
}
