import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { LANDING_PAYMENT_TERMS } from "#domain/pricing/landing-quote.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import type { LandingQuoteResponse } from "#domain/pricing/quote-requests.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { EstimateDisclosure } from "../financing-options/estimate-disclosure.tsx";

/** Replaces the questionnaire once the server has priced the answer. */
export function QuestionnaireResults({ quote, desiredTerm }: { quote: LandingQuoteResponse; desiredTerm: number }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The results start at the top of the screen (below the sticky header), so the estimate is in
    // view on a phone too, above the fixed bottom bar; focus follows without scrolling again.
    const heading = headingRef.current;
    heading?.closest("section")?.scrollIntoView({ block: "start" });
    heading?.focus({ preventScroll: true });
  }, []);

  if (!quote.eligible) {
    return (
      <section aria-labelledby="results-heading" className="scroll-mt-24">
        <h3 id="results-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-900">
          Thank you for your answers
        </h3>
        <p className="mt-3">
          A finance specialist will review your information and contact you shortly to talk about your options.
        </p>
        <Link to="/FinancingOptions" className={buttonClass("primary", "mt-6")}>
          Continue
        </Link>
      </section>
    );
  }
  const rows = [...LANDING_PAYMENT_TERMS.map((term) => ({ term, amount: quote.payments[term] }))];
  if (!LANDING_PAYMENT_TERMS.includes(desiredTerm as never))
    rows.unshift({ term: desiredTerm as never, amount: quote.payments.desired });
  return (
    <section aria-labelledby="results-heading" className="scroll-mt-24">
      <h3 id="results-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-900">
        Your estimated monthly payments
      </h3>
      <table className="mt-4 w-full max-w-md border-collapse text-left">
        <caption className="sr-only">Estimated monthly payment by term</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-2">
              Term
            </th>
            <th scope="col" className="py-2">
              Estimated monthly payment
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.term} className={`border-b ${row.term === desiredTerm ? "bg-green-50 font-semibold" : ""}`}>
              <th scope="row" className="py-2 font-normal">
                {row.term} months{row.term === desiredTerm ? " (your desired term)" : ""}
              </th>
              <td className="py-2">{formatUsd(row.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-4">
        Estimated annual interest rate: <strong>{quote.annualRate}%</strong>
      </p>
      <EstimateDisclosure />
      <Link to="/FinancingOptions" className={buttonClass("accent", "mt-6")}>
        See my financing options
      </Link>
    </section>
  );
}
