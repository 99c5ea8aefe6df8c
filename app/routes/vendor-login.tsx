import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { SignInForm } from "../features/auth/sign-in-form.tsx";
import { VendorResources } from "../features/content/vendor-resources.tsx";
import type { EarningsRulesView } from "#domain/earnings/tiers-contracts.ts";
import { call } from "../lib/call.ts";
import { publicPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/vendor-login";

// Dialogs load when first opened.
const VendorContactDialog = lazy(() =>
  import("../features/leads/vendor-contact-dialog.tsx").then((module) => ({ default: module.VendorContactDialog })),
);
const ForgotPasswordDialog = lazy(() =>
  import("../features/auth/forgot-password-dialog.tsx").then((module) => ({ default: module.ForgotPasswordDialog })),
);

const isDealerServices = (pathname: string) => pathname.toLowerCase().startsWith("/dealerservices");

export const meta = ({ location }: Route.MetaArgs) =>
  publicPageMeta(isDealerServices(location.pathname) ? "/DealerServices" : "/VendorLogin");

/**
 * The earnings tiers the resources explain (docs/product-rules.md#r61-dealer-earnings): the page is
 * prerendered at build time, when there is no database, so without figures; the browser reads the
 * tiers admins keep from the public endpoint as the page hydrates and on every later visit.
 */
export const loader = (): { earningsRules: EarningsRulesView | null } => ({ earningsRules: null });

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  try {
    // Imported here, not at the top: its chunks stay out of the route manifest every page loads.
    const { getPublicEarningsTiers } = await import("#domain/earnings/tiers-contracts.ts");
    return { earningsRules: await call(getPublicEarningsTiers, {}, { signal: request.signal }) };
  } catch {
    // The resources then explain the tiers without figures; the sign-in never waits on them.
    return { earningsRules: null };
  }
}
clientLoader.hydrate = true as const;

/** /VendorLogin and /DealerServices: one screen, two titles (docs/product-rules.md#r49-routes-and-pages). */
export default function VendorLogin({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const [contactOpen, setContactOpen] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const title = isDealerServices(pathname) ? "Dealer Services" : "Vendor Login";
  const forgot = (
    <button
      type="button"
      className="inline-flex min-h-6 font-medium text-brand-700 underline"
      onClick={() => setResetOpen(true)}
    >
      Forgot Password?
    </button>
  );
  return (
    <>
      <section aria-labelledby="vendor-services-heading" className="bg-brand-900 text-white">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-2 md:items-center">
          <div>
            <h1 className="text-4xl font-bold">{title}</h1>
            <h2 id="vendor-services-heading" className="mt-4 text-2xl font-semibold">
              Vendor services
            </h2>
            <p className="mt-2 text-slate-100">
              Offer financing at the point of sale and follow every deal from application to funding.
            </p>
            <Button variant="accent" className="mt-6" onClick={() => setContactOpen(true)}>
              Sign Up
            </Button>
          </div>
          <div className="rounded-lg bg-white p-6 text-slate-900">
            <h2 className="text-xl font-bold">Vendor sign-in</h2>
            <div className="mt-4">
              <SignInForm label="Vendor services sign-in" />
            </div>
            <p className="mt-3">{forgot}</p>
          </div>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-[1fr_2fr]">
        <section aria-labelledby="portal-sign-in-heading">
          <h2 id="portal-sign-in-heading" className="text-2xl font-bold text-brand-900">
            Sign in to the vendor portal
          </h2>
          <div className="mt-4">
            <SignInForm />
          </div>
          <p className="mt-3">{forgot}</p>
        </section>
        <VendorResources earningsRules={loaderData.earningsRules} />
      </div>
      <Suspense fallback={null}>
        {contactOpen ? <VendorContactDialog open onClose={() => setContactOpen(false)} /> : null}
        {resetOpen ? <ForgotPasswordDialog open onClose={() => setResetOpen(false)} /> : null}
      </Suspense>
    </>
  );
}
