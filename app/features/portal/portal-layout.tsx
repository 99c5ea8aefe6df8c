import { useRef, useState } from "react";
import { Link, Outlet, useNavigate, useRevalidator } from "react-router";
import type { Me } from "#domain/accounts/me-contracts.ts";
import { dealerRoles } from "#domain/auth/dealer-roles.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { NavigationPending } from "../../components/ui/page-state.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { brand } from "../../lib/public-config.ts";
import { signOut } from "../auth/sign-out.ts";
import { NewDealDialog } from "./new-deal-dialog.tsx";

const sidebarLink = "flex min-h-11 items-center rounded px-3 hover:bg-brand-700";

/** The signed-in vendor portal's frame: sidebar, Submit New Deal (from the sidebar or the + button) and the page (docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words). */
export function PortalLayout({
  me,
  unread,
}: {
  me: Me;
  /** Deals with an answer not yet opened. */ unread: number | null;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const toast = useToast();
  const [collapsed, setCollapsed] = useState(false);
  // Below md the links sit behind the Menu button instead (closed by Escape or by using a link).
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: React.KeyboardEvent) => {
    if (event.key !== "Escape" || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  const [newDealOpen, setNewDealOpen] = useState(false);
  const [newDealKey, setNewDealKey] = useState(0);

  const openNewDeal = () => {
    setMenuOpen(false);
    setNewDealKey((key) => key + 1);
    setNewDealOpen(true);
  };
  const logOut = async () => {
    try {
      await signOut();
      await navigate("/VendorLogin");
    } catch (failure) {
      toast({
        title: "You are still signed in",
        message: failure instanceof Error ? failure.message : "Please try again.",
        tone: "error",
      });
    }
  };

  return (
    <div className="min-h-screen md:flex">
      <nav
        aria-label="Vendor portal"
        className={`bg-brand-900 p-3 text-white md:shrink-0 ${collapsed ? "md:w-20" : "md:w-60"}`}
        onKeyDown={closeOnEscape}
      >
        <button
          ref={menuButton}
          type="button"
          className={`${sidebarLink} border border-white/60 md:hidden`}
          aria-expanded={menuOpen}
          aria-controls="portal-menu"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <button
          type="button"
          className={`${sidebarLink} hidden md:flex`}
          aria-expanded={!collapsed}
          aria-controls="portal-menu"
          onClick={() => setCollapsed(!collapsed)}
        >
          {collapsed ? "Toggle On" : "Toggle Off"}
        </button>
        <ul
          id="portal-menu"
          className={`mt-2 space-y-1 ${menuOpen ? "" : "hidden"} ${collapsed ? "md:hidden" : "md:block"}`}
        >
          <li>
            <button type="button" className={`${sidebarLink} w-full`} onClick={openNewDeal}>
              New Client
            </button>
          </li>
          <li>
            <Link to="/portal#deals" className={sidebarLink} onClick={() => setMenuOpen(false)}>
              Clients
              {unread ? (
                <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
                  {unread}
                  <span className="sr-only"> unread {unread === 1 ? "answer" : "answers"}</span>
                </span>
              ) : null}
            </Link>
          </li>
          <li>
            <Link to="/portal/link" className={sidebarLink} onClick={() => setMenuOpen(false)}>
              Your link
            </Link>
          </li>
          {/* The company's own matters: its dealer admins' (docs/product-rules.md#r53-a-dealers-team). */}
          {me.user.dealerRole === dealerRoles.admin ? (
            <>
              <li>
                <Link to="/portal/earnings" className={sidebarLink} onClick={() => setMenuOpen(false)}>
                  Earnings
                </Link>
              </li>
              <li>
                <Link to="/portal/team" className={sidebarLink} onClick={() => setMenuOpen(false)}>
                  Team
                </Link>
              </li>
              <li>
                <Link to="/portal/payout-account" className={sidebarLink} onClick={() => setMenuOpen(false)}>
                  Payout account
                </Link>
              </li>
              <li>
                <Link to="/portal/webhooks" className={sidebarLink} onClick={() => setMenuOpen(false)}>
                  Webhooks
                </Link>
              </li>
              <li>
                <Link to="/portal/api-keys" className={sidebarLink} onClick={() => setMenuOpen(false)}>
                  API keys
                </Link>
              </li>
            </>
          ) : null}
          <li>
            <Link to="/portal/quotes" className={sidebarLink} onClick={() => setMenuOpen(false)}>
              Quotes
            </Link>
          </li>
          <li>
            <a href={brand.vendorHandbookPdf} className={sidebarLink}>
              Handbook
            </a>
          </li>
          <li>
            <a href="/GetQualified" target="_blank" rel="noopener noreferrer" className={sidebarLink}>
              Calculator<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
          <li>
            <a href="/" className={sidebarLink}>
              {brand.name} website
            </a>
          </li>
          <li>
            <button type="button" className={`${sidebarLink} w-full`} onClick={() => void logOut()}>
              Log Out
            </button>
          </li>
        </ul>
      </nav>
      <main className="relative min-w-0 flex-1 p-4 wrap-anywhere md:p-6">
        <NavigationPending />
        <Outlet context={me} />
      </main>
      <button
        type="button"
        onClick={openNewDeal}
        aria-label="Add client"
        className={buttonClass("accent", "fixed right-6 bottom-6 z-20 size-14 rounded-full text-3xl shadow-lg")}
      >
        +
      </button>
      {newDealOpen ? (
        <NewDealDialog
          key={newDealKey}
          open
          onClose={() => setNewDealOpen(false)}
          onCreated={() => void revalidator.revalidate()}
        />
      ) : null}
    </div>
  );
}
