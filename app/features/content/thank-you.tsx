import { Link } from "react-router";
import { brand } from "../../lib/public-config.ts";
import { programPages, type ProgramPath } from "./program-pages.tsx";

const programLinks: ReadonlyArray<ProgramPath> = [
  "/EquipmentFinance",
  "/EquipmentLeasing",
  "/WorkingCapitalNow",
  "/LineOfCredit",
  "/StartUp",
];

export function ThankYou() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 text-slate-700">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Thank you!</h1>
      <p className="mt-4 text-lg leading-relaxed">
        We will contact you shortly to confirm your information. A {brand.name} finance specialist reaches out to every
        request within {brand.claims.leadCallbackMinutes} minutes during business hours.
      </p>

      <h2 className="mt-10 text-xl font-semibold text-slate-900">Our programs</h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {programLinks.map((path) => (
          <li key={path}>
            <Link
              to={path}
              className="flex min-h-11 items-center rounded-md border border-brand-100 bg-brand-50 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-100"
            >
              {programPages[path].title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
