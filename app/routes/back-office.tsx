import { useEffect } from "react";
import { NavLink, Outlet, useNavigate } from "react-router";
import { authRoles, isStaffRole } from "#domain/auth/roles.ts";
import { Button } from "../components/ui/button.tsx";
import { signOut, useMe } from "../features/auth/use-me.ts";
import { appPageMeta } from "../lib/page-meta.ts";

export const meta = () => appPageMeta("Back Office");

export default function BackOffice() {
  const state = useMe();
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
  return (
    <div className="min-h-screen md:flex">
      <nav aria-label="Back office" className="bg-brand-900 p-4 text-white md:w-56">
        <p className="font-bold">Back office</p>
        <ul className="mt-4 space-y-1">
          <li>
            <NavLink to="/back-office" end className="block min-h-11 rounded px-2 py-2 hover:bg-brand-700 aria-[current=page]:bg-brand-700">
              Overview
            </NavLink>
          </li>
          <li>
            <NavLink to="/back-office/deals" className="block min-h-11 rounded px-2 py-2 hover:bg-brand-700 aria-[current=page]:bg-brand-700">
              Deals
            </NavLink>
          </li>
          {user.role === authRoles.admin ? (
            <li>
              <a href="/VendorSignUp" className="block min-h-11 rounded px-2 py-2 hover:bg-brand-700">
                Vendor sign-up
              </a>
            </li>
          ) : null}
          {user.role === authRoles.admin ? (
            <li>
              <NavLink to="/back-office/outbox" className="block min-h-11 rounded px-2 py-2 hover:bg-brand-700 aria-[current=page]:bg-brand-700">
                Outbox
              </NavLink>
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
        {blocked ? (
          <section aria-labelledby="two-factor-title">
            <h1 id="two-factor-title" className="text-2xl font-bold">
              Two-factor authentication required
            </h1>
            <p className="mt-2">Staff accounts must set up two-factor authentication before they can see customer data.</p>
          </section>
        ) : (
          <Outlet context={state.me} />
        )}
      </main>
    </div>
  );
}
