import { dealerRoleLabels } from "#domain/auth/dealer-roles.ts";
import type { VendorCompany, VendorUser } from "#domain/vendors/contracts.ts";
import { Link } from "react-router";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { VendorSlugForm } from "./vendor-slug-form.tsx";
import { EarningsPayoutForm } from "../earnings/earnings-payout-form.tsx";
import { VendorUserActions } from "./vendor-user-actions.tsx";

const status = (user: VendorUser) => (user.active ? (user.verified ? "active" : "invited") : "deactivated");

const columns: TableColumn<VendorUser>[] = [
  { key: "name", header: "Name", cell: (user) => user.name, rowHeader: true, sortValue: (user) => user.name },
  {
    key: "email",
    header: "E-mail",
    cell: (user) => user.email,
    className: "break-all",
    sortValue: (user) => user.email,
  },
  {
    key: "role",
    header: "Role",
    cell: (user) => dealerRoleLabels[user.dealerRole],
    sortValue: (user) => user.dealerRole,
  },
  { key: "status", header: "Status", cell: status, sortValue: status },
  { key: "actions", header: "Actions", cell: (user) => <VendorUserActions user={user} /> },
];

/** One vendor company: its name, company ID and link address (admins change it), and its users. */
export function VendorCompanyUsers({ company, admin }: { company: VendorCompany; admin: boolean }) {
  const headingId = `company-${company.id}`;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="text-lg font-semibold">
        {company.name} <span className="font-normal text-slate-700">(company ID {company.companyCode})</span>
      </h2>
      {admin ? (
        <VendorSlugForm company={company} />
      ) : (
        <p className="mt-1 text-slate-700">
          Link address: <span className="break-all">/vendor_partner/{company.slug}</span>
        </p>
      )}
      <p className="mt-1">
        <Link to={`/back-office/vendors/${company.id}/payout-account`} className="text-brand-700 underline">
          Payout account<span className="sr-only"> of {company.name}</span>
        </Link>
      </p>
      <EarningsPayoutForm company={company} />
      <Table
        caption={`Users of ${company.name}`}
        columns={columns}
        rows={company.users}
        rowKey={(user) => user.id}
        empty="No users."
      />
    </section>
  );
}
