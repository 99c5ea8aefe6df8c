import { useRef, useState } from "react";
import { NavLink, Outlet, redirect, useNavigate, useRevalidator } from "react-router";
import type { Me } from "#domain/accounts/me-contracts.ts";
import { authRoles, isStaffRole } from "#domain/auth/roles.ts";
import { Button } from "../components/ui/button.tsx";
import { NavigationPending } from "../components/ui/page-state.tsx";
import { RouteError } from "../components/ui/route-error.tsx";
import { signOut } from "../features/auth/sign-out.ts";
import { SessionTimeoutWarning } from "../features/back-office/session-timeout-warning.tsx";
import { TwoFactorSetup } from "../features/back-office/two-factor-setup.tsx";
import { appPageMeta } from "../lib/page-meta.ts";
import { meContext, requireSignedIn } from "../lib/session.ts";
import type { Route } from "./+types/back-office";

export const meta = () => appPageMeta("Back Office");

const links = [
  { to: "/back-office", label: "Overview", end: true },
  { to: "/back-office/leads", label: "Leads" },
  { to: "/back-office/deals", label: "Deals" },
  { to: "/back-office/stips-to-review", label: "Stips to review" },
  { to: "/back-office/response-times", label: "Response times" },
  { to: "/back-office/adverse-action", label: "Declines due" },
  { to: "/back-office/duplicates", label: "Duplicates" },
  { to: "/back-office/vendors", label: "Vendors" },
  { to: "/back-office/partners", label: "Partners" },
  { to: "/back-office/funders", label: "Funders" },
  { to: "/back-office/earnings", label: "Earnings" },
  { to: "/back-office/stip-kinds", label: "Stips catalog" },
  { to: "/back-office/payouts", label: "Payouts" },
  { to: "/back-office/check-signed-file", label: "Check a signed file" },
  { to: "/back-office/agreement-templates", label: "Agreement templates", admin: true },
  { to: "/back-office/api-keys", label: "API keys" },
  { to: "/back-office/working-calendar", label: "Working calendar", admin: true },
  { to: "/back-office/outbox", label: "Outbox", admin: true },
  { to: "/back-office/audit", label: "Audit log", admin: true },
  { to: "/back-office/staff", label: "Staff", admin: true },
];

const mustEnrolTwoFactor = (me: Me) => me.staffTwoFactorRequired && !me.user.twoFactorEnabled;

// Staff only (also on /VendorSignUp, which sits in this layout); until a required second factor is
// enrolled, only the enrolment page (the overview) opens.
const enrolFirst: Route.ClientMiddlewareFunction = ({ request, context }) => {
  if (mustEnrolTwoFactor(context.get(meContext)) && new URL(request.url).pathname.replace(/\/$/, "") !== "/back-office")
    throw redirect("/back-office");
};
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  requireSignedIn((me) => isStaffRole(me.user.role), "/portal"),
  enrolFirst,
];

export const clientLoader = ({ context }: Route.ClientLoaderArgs) => context.get(meContext);

export default function BackOffice({ loaderData: me }: Route.ComponentProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { user, staffTwoFactorRequired } = me;
  const blocked = mustEnrolTwoFactor(me);
  const isAdmin = user.role === authRoles.admin;
  const linkClass = "block min-h-11 rounded px-2 py-2 hover:bg-brand-700 aria-[current=page]:bg-brand-700";
  // Below md the links sit behind the Menu button (closed by Escape or by following a link).
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: React.KeyboardEvent) => {
    if (event.key !== "Escape" || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  return (
    <div className="min-h-screen md:flex">
      <nav
        aria-label="Back office"
        className="bg-brand-900 px-4 py-2 text-white md:w-56 md:shrink-0 md:py-4"
        onKeyDown={closeOnEscape}
      >
        <div className="flex items-center justify-between gap-2">
          <p className="font-bold">Back office</p>
          <button
            ref={menuButton}
            type="button"
            className="min-h-11 rounded border border-white/60 px-3 hover:bg-brand-700 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="back-office-menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            Menu
          </button>
        </div>
        <div id="back-office-menu" className={`${menuOpen ? "" : "hidden"} pb-2 md:block md:pb-0`}>
          <ul className="mt-4 space-y-1">
            {blocked
              ? null
              : links
                  .filter((link) => !link.admin || isAdmin)
                  .map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} end={link.end} className={linkClass} onClick={() => setMenuOpen(false)}>
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
            {isAdmin && !blocked ? (
              <li>
                <NavLink to="/VendorSignUp" className={linkClass} onClick={() => setMenuOpen(false)}>
                  Vendor sign-up
                </NavLink>
              </li>
            ) : null}
          </ul>
          <Button
            variant="secondary"
            className="mt-6"
            onClick={() => void signOut().then(() => navigate("/VendorLogin"))}
          >
            Log Out
          </Button>
        </div>
      </nav>
      <main className="relative min-w-0 flex-1 p-4 wrap-anywhere md:p-6">
        {staffTwoFactorRequired ? null : (
          <p role="note" className="mb-4 rounded-md border-l-4 border-accent-500 bg-amber-50 p-3">
            Local demo: two-factor authentication for staff is switched off (STAFF_2FA_REQUIRED=false). Production
            requires it.
          </p>
        )}
        <NavigationPending />
        {blocked ? <TwoFactorSetup onEnabled={() => void revalidator.revalidate()} /> : <Outlet context={me} />}
      </main>
      <SessionTimeoutWarning me={me} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
