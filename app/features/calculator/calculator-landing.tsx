import { useState } from "react";
import { Link } from "react-router";
import { finishPrice, formatPriceAsTyped } from "#domain/calculator/price-input.ts";
import { calculatorMessages, priceMinimums } from "#domain/calculator/calculator-schema.ts";
import { parseMoney } from "#domain/pricing/money-format.ts";
import { Button } from "../../components/ui/button.tsx";
import { Form } from "../../components/ui/form.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { TestimonialCarousel } from "./testimonial-carousel.tsx";

type CalculatorLandingProps = {
  /** The price field of the calculator's form (CalculatorScreen's useSchemaForm): its value and error. */
  price: string;
  error: string | undefined;
  onPrice: (price: string) => void;
  /** Shows a message on the price field (its minimum depends on the button: docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words). */
  onError: (message: string) => void;
  onStart: () => void;
  showCarousel: boolean;
};

/** The calculator's first view: price of equipment and the ways in (docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words). */
export function CalculatorLanding({ price, error, onPrice, onError, onStart, showCarousel }: CalculatorLandingProps) {
  const [helpOpen, setHelpOpen] = useState(false);
  const hydrated = useHydrated();

  const start = (minimum: number, message: string) => {
    if ((parseMoney(price) ?? 0) <= minimum) return onError(message);
    onPrice(finishPrice(price));
    onStart();
  };
  const startApplication = () => start(priceMinimums.startApplication, calculatorMessages.priceOver10k);
  const begin = () => start(priceMinimums.other, calculatorMessages.priceOver5k);

  return (
    <div className="grid gap-10 lg:grid-cols-[3fr_2fr]" data-hydrated={hydrated || undefined}>
      <div>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-4xl font-bold">CapEx loan calculator</h1>
            <p className="mt-2 text-xl">Equipment Financing made simple</p>
          </div>
          <Button variant="accent" onClick={startApplication}>
            Start Application
          </Button>
        </div>
        <Form
          noValidate
          aria-label="Equipment price"
          className="mt-8 rounded-lg bg-white p-6 text-slate-900"
          onSubmit={(event) => {
            event.preventDefault();
            begin();
          }}
        >
          <TextField
            label="Price of equipment"
            inputMode="decimal"
            placeholder="120,000.00"
            value={price}
            error={error}
            onChange={(event) => onPrice(formatPriceAsTyped(event.target.value))}
            onBlur={() => onPrice(finishPrice(price))}
            help={
              <>
                <button
                  type="button"
                  aria-expanded={helpOpen}
                  className="min-h-6 font-medium text-brand-700 underline"
                  onClick={() => setHelpOpen(!helpOpen)}
                >
                  What price do I enter?
                </button>
                {helpOpen ? (
                  <span className="mt-1 block">
                    The full price on the vendor's quote, before any down payment or trade-in, in US dollars.
                  </span>
                ) : null}
              </>
            }
          />
          <div className="mt-4 flex flex-wrap gap-3">
            <Button type="submit">Begin</Button>
            <Button variant="secondary" onClick={begin}>
              Payment options
            </Button>
            <Button variant="secondary" onClick={begin}>
              Get my payment options
            </Button>
          </div>
        </Form>
        <section aria-labelledby="criteria-heading" className="mt-8">
          <h2 id="criteria-heading" className="text-2xl font-semibold">
            Three things decide your payment
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-6">
            <li>
              <strong>Credit parameters:</strong> your personal credit score and history.
            </li>
            <li>
              <strong>Time in business:</strong> how long the business has been operating.
            </li>
            <li>
              <strong>Cash flow:</strong> what the business earns and what the equipment will add.
            </li>
          </ol>
          <p className="mt-4 rounded-md border border-white/40 p-3 font-semibold">We will not pull your credit.</p>
        </section>
      </div>
      <div className="space-y-6">
        {showCarousel ? <TestimonialCarousel /> : null}
        <p>
          By using the calculator you agree to our{" "}
          <Link to="/TermsOfUse" className="underline">
            Terms of Use
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
