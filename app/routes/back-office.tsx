import { useEffect, useState } from "react";
import { NavLink, Outlet, useNavigate } from "react-router";
import { authRoles, isStaffRole } from "#domain/auth/roles.ts";
import { Button } from "../components/ui/button.tsx";
import { signOut, useMe } from "../features/auth/use-me.ts";
import { SessionTimeoutWarning } from "../features/back-office/session-timeout-warning.tsx";
import { TwoFactorSetup } from "../features/back-office/two-factor-setup.tsx";
import { appPageMeta } from "../lib/page-meta.ts";

export const meta = () => appPageMeta("Back Office");

const links = [
  { to: "/back-office", label: "Overview", end: true },
  { to: "/back-office/leads", label: "Leads" },
  { to: "/back-office/deals", label: "Deals" },
  { to: "/back-office/vendors", label: "Vendors" },
  { to: "/back-office/partners", label: "Partners" },
  { to: "/back-office/outbox", label: "Outbox", admin: true },
  { to: "/back-office/audit", label: "Audit log", admin: true },
];

export default function BackOffice() {
  const [version, setVersion] = useState(0);
  const state = useMe(version);
  const navigate = useNavigate();
  useEffect(() => {
    if (state.status === "signed-out") void navigate("/VendorLogin", { replace: true });
    if (state.status === "signed-in" && !isStaffRole(state.me.user.role)) void navigate("/portal", { replace: true });
  }, [state, navigate]);

  if (state.status !== "signed-in" || !isStaffRole(state.me.user.role)) {
    return (
      <p role="status" className="p-8">
        {state.status === "error" ? state.message : "Loading…"}
      </p>
    );
  }
  const { user, staffTwoFactorRequired } = state.me;
  const blocked = staffTwoFactorRequired && !user.twoFactorEnabled;
  const isAdmin = user.role === authRoles.admin;
  const linkClass = "block min-h-11 rounded px-2 py-2 hover:bg-brand-700 aria-[current=page]:bg-brand-700";
  return (
    <div className="min-h-screen md:flex">
      <nav aria-label="Back office" className="bg-brand-900 p-4 text-white md:w-56">
        <p className="font-bold">Back office</p>
        <ul className="mt-4 space-y-1">
          {blocked
            ? null
            : links
                .filter((link) => !link.admin || isAdmin)
                .map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.end} className={linkClass}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
          {isAdmin && !blocked ? (
            <li>
              <a href="/VendorSignUp" className={linkClass}>
                Vendor sign-up
              </a>
            </li>
          ) : null}
        </ul>
        <Button
          variant="secondary"
          className="mt-6"
          onClick={async () => {
            await signOut();
            await navigate("/VendorLogin");
          }}
        >
          Log Out
        </Button>
      </nav>
      <main className="flex-1 p-6">
        {staffTwoFactorRequired ? null : (
          <p role="note" className="mb-4 rounded-md border-l-4 border-accent-500 bg-amber-50 p-3">
            Local demo: two-factor authentication for staff is switched off (STAFF_2FA_REQUIRED=false). Production requires it.
          </p>
        )}
        {blocked ? <TwoFactorSetup onEnabled={() => setVersion((value) => value + 1)} /> : <Outlet context={state.me} />}
      </main>
      <SessionTimeoutWarning />
    </div>
  );
}
