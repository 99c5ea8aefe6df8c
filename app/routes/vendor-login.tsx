import { useLocation } from "react-router";
import { SignInForm } from "../features/auth/sign-in-form.tsx";
import { PublicLayout } from "../features/site-chrome/public-layout.tsx";
import { publicPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/vendor-login";

export const meta = ({ location }: Route.MetaArgs) => publicPageMeta(location.pathname.toLowerCase() === "/dealerservices" ? "/DealerServices" : "/VendorLogin");

export default function VendorLogin() {
  const { pathname } = useLocation();
  const title = pathname.toLowerCase() === "/dealerservices" ? "Dealer Services" : "Vendor Login";
  return (
    <PublicLayout>
      <div className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
        <p className="mt-2 text-slate-700">Sign in to the vendor portal to submit clients and follow your deals.</p>
        <div className="mt-8">
          <SignInForm />
        </div>
      </div>
    </PublicLayout>
  );
}
