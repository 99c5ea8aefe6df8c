import { listStaff, type StaffMember } from "#domain/accounts/staff-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { Table, type TableColumn } from "../components/ui/table.tsx";
import { runStaffAction } from "../features/back-office/staff/staff-actions.ts";
import { StaffMemberActions } from "../features/back-office/staff/staff-member-actions.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { meContext } from "../lib/session.ts";
import type { Route } from "./+types/back-office-staff";

export const meta = () => appPageMeta("Staff");

export const clientLoader = async ({ request, context }: Route.ClientLoaderArgs) => ({
  ...(await call(listStaff, {}, { signal: request.signal })),
  selfId: context.get(meContext).user.id,
});

export const clientAction = async ({ request }: Route.ClientActionArgs) => runStaffAction(await request.formData());

export const ErrorBoundary = RouteError;

const roleLabel = { staff: "Credit team", admin: "Admin" } as const;

export default function BackOfficeStaff({ loaderData }: Route.ComponentProps) {
  const { staff, selfId } = loaderData;
  const columns: TableColumn<StaffMember>[] = [
    { key: "name", header: "Name", cell: (member) => member.name, rowHeader: true, sortValue: (member) => member.name },
    { key: "email", header: "E-mail", cell: (member) => member.email, className: "break-all" },
    { key: "role", header: "Role", cell: (member) => roleLabel[member.role], sortValue: (member) => member.role },
    { key: "twoFactor", header: "Two-factor", cell: (member) => (member.twoFactorEnabled ? "On" : "Off") },
    {
      key: "status",
      header: "Status",
      cell: (member) => (member.active ? "Active" : "Deactivated"),
      sortValue: (member) => (member.active ? 0 : 1),
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      cell: (member) => <StaffMemberActions member={member} self={member.id === selfId} />,
    },
  ];
  return (
    <>
      <h1 className="text-2xl font-bold">Staff</h1>
      <p className="mt-1 max-w-prose text-slate-700">
        The credit team and admins. Deactivating an account signs it out everywhere and refuses its sign-in; one admin
        always stays active. Vendors are under Vendors.
      </p>
      <Table
        caption="Staff and admin accounts"
        columns={columns}
        rows={staff}
        rowKey={(member) => member.id}
        empty="No staff accounts."
        className="mt-4"
      />
    </>
  );
}
