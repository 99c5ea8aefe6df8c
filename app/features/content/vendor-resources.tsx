import { lazy, Suspense } from "react";
import type { EarningsRulesView } from "#domain/earnings/tiers-contracts.ts";
import { brand } from "../../lib/public-config.ts";

const benefits: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: "One portal, many lenders",
    text: "Submit a client once and we present the deal to our network of banks and lenders, so you stop shopping each file around yourself.",
  },
  {
    title: "100% financing and pre-funding",
    text: "Qualified clients can finance the full purchase price, and pre-funding can release part of the payment to you before the equipment is delivered.",
  },
  {
    title: "A, B, C and D credit",
    text: "We place clients across the credit spectrum, from strong credit to challenged files, and fund some start-ups too.",
  },
  {
    title: "Referrals",
    text: "Refer clients who need financing and we take it from there, keeping you informed at every stage of the deal.",
  },
  {
    title: "Training",
    text: "We teach your sales team how to present financing early in the conversation so it helps close the sale.",
  },
  {
    title: "Flexible programs",
    text: "Terms, down payments and structures are matched to each client's situation rather than a single rigid product.",
  },
];

const industries = ["Construction", "Medical", "Hardware", "Software", "Restaurant", "Transportation"] as const;

// Loaded on its own: its figures' code stays out of the route manifest every page loads (tests/e2e/bundle-budget.test.ts).
const EarningsTiers = lazy(() => import("./earnings-tiers.tsx").then((module) => ({ default: module.EarningsTiers })));

export function VendorResources({ earningsRules }: { earningsRules: EarningsRulesView | null }) {
  return (
    <section aria-labelledby="vendor-resources-heading" className="mx-auto max-w-6xl px-4 py-12 text-slate-700">
      <h2 id="vendor-resources-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Vendor Resources
      </h2>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed">
        Offering financing at the point of sale helps your customers say yes sooner. The {brand.name} vendor portal
        gives equipment dealers and distributors a central place to submit clients, upload documents and follow every
        deal as it moves through our network of banks and lenders.
      </p>

      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {benefits.map((benefit) => (
          <li key={benefit.title} className="rounded-lg border border-slate-200 bg-white p-5">
            <h3 className="font-semibold text-slate-900">{benefit.title}</h3>
            <p className="mt-2">{benefit.text}</p>
          </li>
        ))}
      </ul>

      <Suspense fallback={<div className="mt-8 min-h-64" />}>
        <EarningsTiers rules={earningsRules} />
      </Suspense>

      <h3 className="mt-10 text-lg font-semibold text-slate-900">Industries we serve</h3>
      <ul className="mt-3 flex flex-wrap gap-2">
        {industries.map((industry) => (
          <li key={industry} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900">
            {industry}
          </li>
        ))}
      </ul>

      <p className="mt-10">
        <a
          href={brand.vendorHandbookPdf}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          Download the vendor handbook (PDF)
        </a>
      </p>
    </section>
  );
}
