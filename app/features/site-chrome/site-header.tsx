import { Link } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { brand } from "../../lib/public-config.ts";

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex min-h-11 items-center gap-2 text-lg font-bold text-brand-900">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          {brand.name}
        </Link>
        <Link to="/VendorLogin" className={buttonClass("primary")}>
          Vendor Portal
        </Link>
      </div>
    </header>
  );
}
