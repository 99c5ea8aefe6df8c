import { useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { CloseIcon, MenuIcon } from "../../components/ui/icons.tsx";
import { brand } from "../../lib/public-config.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

const phoneMenu = [
  { to: "/", label: "Home" },
  { to: "/About", label: "About Us" },
  { to: "/EquipmentFinance", label: "Equipment Financing" },
  { to: "/EquipmentLeasing", label: "Equipment Leasing" },
  { to: "/WorkingCapitalNow", label: "Working Capital" },
  { to: "/StartUp", label: "Start-up Program" },
] as const;

const navLink = "inline-flex min-h-11 items-center rounded-md px-3 font-medium text-slate-900 hover:bg-brand-50";

/** Top bar: logo home; desktop links at 1070 px and wider; below that a burger menu (docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words). */
export function SiteHeader() {
  const menuId = useId();
  const { pathname, hash } = useLocation();
  const hydrated = useHydrated();
  // The menu belongs to the address it was opened at: following a link closes it.
  const here = `${pathname}${hash}`;
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === here;
  const setOpen = (next: boolean | ((current: boolean) => boolean)) =>
    setOpenAt((typeof next === "function" ? next(open) : next) ? here : null);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white" data-hydrated={hydrated || undefined}>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2">
        <Link to="/" className="flex min-h-11 items-center gap-2 text-lg font-bold text-brand-900">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{brand.name}</span>
          <span className="sr-only"> home</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 wide:flex">
          <Link to="/" className={navLink}>
            Home
          </Link>
          <Link to="/About" className={navLink}>
            About Us
          </Link>
          <a href="#contact" className={navLink}>
            Contact Us
          </a>
          <Link to="/#programs" className={navLink}>
            Programs
          </Link>
          <Link to="/VendorLogin" className={buttonClass("primary", "ml-2")}>
            Vendor Portal
          </Link>
          <Link to="/VendorLogin" className={navLink}>
            Login
          </Link>
          <a href={brand.schedulerUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("accent")}>
            Try For Free<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </nav>
        <button
          type="button"
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-brand-900 hover:bg-brand-50 wide:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((value) => !value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") setOpen(false);
          }}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>
      <nav
        id={menuId}
        aria-label="Menu"
        hidden={!open}
        className="border-t border-slate-200 bg-white px-4 pb-4 wide:hidden"
        onKeyDown={(event) => {
          if (event.key === "Escape") setOpen(false);
        }}
      >
        <ul className="flex flex-col py-2">
          {phoneMenu.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className={`${navLink} w-full`}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        <Link to="/VendorLogin" className={buttonClass("primary", "w-full")}>
          Vendor Portal
        </Link>
      </nav>
    </header>
  );
}
