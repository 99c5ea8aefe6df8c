import { useState } from "react";
import { Link } from "react-router";
import { calculatorMessages } from "#domain/calculator/calculator-schema.ts";
import { chooseCalculatorOption } from "#domain/calculator/contracts.ts";
import { formatUsd, parseMoney } from "#domain/pricing/money-format.ts";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { call } from "../../lib/call.ts";
import type { CalculatorAnswers, CalculatorLead } from "./calculator-answers.ts";

/** Step 5: the server's quote as four term cards; choosing one ends the flow (docs/product-rules.md#r9-calculator-pricing). */
export function QualifyingPage({
  answers,
  lead,
  onDone,
}: {
  answers: CalculatorAnswers;
  lead: CalculatorLead;
  onDone: () => void;
}) {
  const { quote } = lead;
  const [term, setTerm] = useState<number | undefined>(undefined);
  const [accepted, setAccepted] = useState(false);
  const [dialog, setDialog] = useState<"terms" | "success" | "failed" | null>(null);
  const earnings = parseMoney(answers.revenueAddBusiness) ?? 0;
  const shownTerm = term ?? Number(answers.preferredFinancing);

  const choose = async () => {
    if (!accepted) return setDialog("terms");
    if (term === undefined) return;
    try {
      await call(chooseCalculatorOption, { body: { leadId: lead.id, term: String(term), acceptTerms: true } });
      setDialog("success");
    } catch {
      setDialog("failed");
    }
  };

  return (
    <div>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[16rem_1fr]">
        <dt className="font-medium">Time in business</dt>
        <dd>{(quote.monthsInBusiness / 12).toFixed(0)} years</dd>
        <dt className="font-medium">Equipment cost</dt>
        <dd>{formatUsd(parseMoney(answers.costEq) ?? 0)}</dd>
        <dt className="font-medium">Term selected</dt>
        <dd>{shownTerm ? `${shownTerm} months` : "Not selected"}</dd>
        <dt className="font-medium">Down payment</dt>
        <dd>{quote.downPayment.percent}%</dd>
        <dt className="font-medium">Monthly earnings × term</dt>
        <dd>{formatUsd(earnings * shownTerm)}</dd>
      </dl>
      <fieldset className="mt-6">
        <legend className="text-xl font-semibold">Choose a payment option</legend>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          {quote.cards.map((card) => (
            <label
              key={card.term}
              className={`block cursor-pointer rounded-lg border-2 bg-white p-4 text-slate-900 ${term === card.term ? "border-accent-500 ring-2 ring-accent-500" : "border-slate-300"}`}
            >
              <span className="flex items-center gap-3">
                <input
                  type="radio"
                  name="calculator-term"
                  value={card.term}
                  checked={term === card.term}
                  onChange={() => setTerm(card.term)}
                  className="size-6 accent-brand-600"
                />
                <span className="text-lg font-bold">{card.term} months</span>
              </span>
              <span className="mt-2 block text-2xl font-semibold" data-testid={`payment-${card.term}`}>
                {formatUsd(card.payment.low)} - {formatUsd(card.payment.high)}
              </span>
              <span className="block text-sm">estimated monthly payment</span>
              <span className="mt-1 block">{card.bankStatements}</span>
              <span className="block" data-testid={`rate-${card.term}`}>
                Estimated rate {card.rate.low}% - {card.rate.high}%
              </span>
              {card.notes.map((note) => (
                <span key={note} className="mt-1 block text-sm">
                  {note}
                </span>
              ))}
              <span className="mt-2 block text-sm">Average earnings: {formatUsd(card.averageEarnings)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mt-4 text-sm">
        These are estimates, not an offer of credit; the final terms depend on a full credit review and your bank
        statements.
      </p>
      <Checkbox
        className="mt-4"
        label={
          <>
            I accept the{" "}
            <Link to="/TermsOfUse" className="underline" target="_blank">
              terms and conditions<span className="sr-only"> (opens in a new tab)</span>
            </Link>
          </>
        }
        checked={accepted}
        onChange={(event) => setAccepted(event.target.checked)}
      />
      <Button variant="accent" className="mt-4" disabled={term === undefined} onClick={() => void choose()}>
        I want this payment option
      </Button>
      <Dialog
        open={dialog === "terms"}
        onClose={() => setDialog(null)}
        title={calculatorMessages.termsTitle}
        role="alertdialog"
      >
        <p>{calculatorMessages.terms}</p>
        <Button className="mt-4" onClick={() => setDialog(null)}>
          OK
        </Button>
      </Dialog>
      <Dialog
        open={dialog === "failed"}
        onClose={() => setDialog(null)}
        title={calculatorMessages.termsTitle}
        role="alertdialog"
      >
        <p>{calculatorMessages.failure}</p>
        <Button className="mt-4" onClick={() => setDialog(null)}>
          OK
        </Button>
      </Dialog>
      <Dialog open={dialog === "success"} onClose={onDone} title={calculatorMessages.successTitle}>
        <p>{calculatorMessages.success}</p>
        <Button className="mt-4" onClick={onDone}>
          OK
        </Button>
      </Dialog>
    </div>
  );
}
