import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { LANDING_ADVANCE_PAYMENTS, LANDING_PAYMENT_TERMS } from "#domain/pricing/landing-quote.ts";
import { askToBeContacted, pickPaymentOption } from "#domain/questionnaire/contracts.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import {
  contactRequestedMessage,
  needMoreInformationMessage,
  pickedOptionRequest,
} from "#domain/questionnaire/picked-option-schema.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Form } from "../../components/ui/form.tsx";
import { call } from "../../lib/call.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { brand } from "../../lib/public-config.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { EstimateDisclosure } from "./estimate-disclosure.tsx";
import { loadFinancingOptions, type FinancingOptionsData } from "./financing-options-storage.ts";

/** /FinancingOptions: the two views (docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words), fed by the questionnaire's stored answer. */
export function FinancingOptionsScreen() {
  // The answer is in this tab's storage: read once hydrated (the prerendered page shows Loading).
  const hydrated = useHydrated();
  const [data, setData] = useState<FinancingOptionsData | null | undefined>(undefined);
  if (hydrated && data === undefined) setData(loadFinancingOptions());

  if (data === undefined) return <p role="status">Loading your options…</p>;
  if (data === null) {
    return (
      <div>
        <p>We could not find your answers. Please answer the pre-qualification questions first.</p>
        <Link to="/#questionnaire" className={buttonClass("primary", "mt-4")}>
          Answer the questions
        </Link>
      </div>
    );
  }
  return (
    <>
      {data.quote.eligible ? (
        <PaymentOptions data={data} />
      ) : (
        <p className="rounded-md bg-brand-50 p-4 text-lg">{needMoreInformationMessage}</p>
      )}
      <ContactRequest answerId={data.answerId} />
    </>
  );
}

function PaymentOptions({ data }: { data: FinancingOptionsData }) {
  const navigate = useNavigate();
  const quote = data.quote as Extract<FinancingOptionsData["quote"], { eligible: true }>;
  const defaultTerm = LANDING_PAYMENT_TERMS.find((term) => term === data.desiredmonth);
  const [idempotencyKey] = useState(newIdempotencyKey);
  // The endpoint's own schema: its messages are the ones this screen shows, one at a time.
  const form = useSchemaForm(pickedOptionRequest, {
    answerId: data.answerId,
    term: defaultTerm ? String(defaultTerm) : "",
    agreeItsJustProposal: false,
    idempotencyKey,
  });
  const term = form.values.term ? Number(form.values.term) : undefined;
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const alertRef = useRef<HTMLParagraphElement>(null);

  const fail = (message: string) => {
    setProblem(message);
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const request = form.validate();
    if (!request) {
      const found = form.errorsOf();
      return fail(
        found.term ??
          found.agreeItsJustProposal ??
          "We could not find your answers. Please answer the questions again.",
      );
    }
    setSending(true);
    try {
      await call(pickPaymentOption, { body: request });
      await navigate("/ThankYou");
    } catch (error) {
      fail(`We could not save your choice. ${(error as Error).message}`);
      setSending(false);
    }
  };

  return (
    <Form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Financing options">
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[12rem_1fr]">
        <dt className="font-medium text-slate-700">Business name</dt>
        <dd>{data.businessName}</dd>
        <dt className="font-medium text-slate-700">Equipment</dt>
        <dd>{data.nameEquipment}</dd>
        <dt className="font-medium text-slate-700">Finance amount</dt>
        <dd>{formatUsd(data.costEq)}</dd>
        <dt className="font-medium text-slate-700">Advance payments</dt>
        <dd>{LANDING_ADVANCE_PAYMENTS}</dd>
      </dl>
      <fieldset className="mt-6">
        <legend className="text-lg font-semibold">Choose your payment option</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {LANDING_PAYMENT_TERMS.map((option) => {
            const desired = option === data.desiredmonth;
            return (
              <label
                key={option}
                className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border-2 p-4 ${desired ? "border-green-700 bg-green-50" : "border-slate-300"} ${term === option ? "ring-2 ring-brand-600" : ""}`}
              >
                <input
                  type="radio"
                  name="term"
                  value={option}
                  checked={term === option}
                  onChange={() => form.setValue("term", String(option))}
                  className="size-6 accent-brand-600"
                />
                <span>
                  <span className="block font-semibold">
                    {option} months: {formatUsd(quote.payments[option])}
                  </span>
                  <span className="block text-sm text-slate-700">
                    estimated monthly payment{desired ? " · your desired term" : ""}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <p className="mt-4" aria-live="polite">
        Term picked: {term ? `${term} months` : "none yet"}. Desired term: {data.desiredmonth} months.
      </p>
      <p className="mt-1 text-sm text-slate-700">Estimated annual interest rate: {quote.annualRate}%</p>
      <EstimateDisclosure />
      <Checkbox
        className="mt-4"
        label="I understand these payments are a soft proposal and that I must send all the necessary information to the credit team."
        checked={form.values.agreeItsJustProposal}
        onChange={(event) => form.setValue("agreeItsJustProposal", event.target.checked)}
      />
      <Alert live ref={alertRef} tabIndex={-1} className="mt-4 font-medium">
        {problem}
      </Alert>
      <Button type="submit" variant="accent" className="mt-6" disabled={sending}>
        MOVE FORWARD
      </Button>
    </Form>
  );
}

function ContactRequest({ answerId }: { answerId: string }) {
  const [state, setState] = useState<"idle" | "sent" | "failed">("idle");
  const askForContact = async () => {
    try {
      await call(askToBeContacted, { body: { answerId } });
      setState("sent");
    } catch {
      setState("failed");
    }
  };
  return (
    <section aria-labelledby="questions-heading" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="questions-heading" className="text-xl font-bold">
        Do you have any questions?
      </h2>
      <Button variant="secondary" className="mt-3" disabled={state === "sent"} onClick={() => void askForContact()}>
        Yes, please contact me.
      </Button>
      <p role="status" className="mt-3">
        {state === "sent"
          ? contactRequestedMessage
          : state === "failed"
            ? `We could not send your request. Please call us at ${brand.phone}.`
            : ""}
      </p>
    </section>
  );
}
