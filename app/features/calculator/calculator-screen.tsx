import { useEffect, useRef, useState } from "react";
import type { PartnerBranding } from "#domain/api/partner.ts";
import { calculatorLeadRequest, calculatorMessages, calculatorSteps, stepMessages } from "#domain/calculator/calculator-schema.ts";
import type { CalculatorQuote } from "#domain/pricing/calculator-quote.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import { Button } from "../../components/ui/button.tsx";
import { Stepper } from "../../components/ui/stepper.tsx";
import { apiRequest } from "../../lib/api.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { brand } from "../../lib/public-config.ts";
import { fieldErrors } from "../../lib/use-schema-form.ts";
import { emptyAnswers, loadProgress, saveProgress, type CalculatorAnswers, type CalculatorProgress, type CalculatorView } from "./calculator-answers.ts";
import { CalculatorLanding } from "./calculator-landing.tsx";
import { BusinessStep, CreditStep, OwnerStep, VendorStep } from "./calculator-steps.tsx";
import { LoadingOverlay } from "./loading-overlay.tsx";
import { QualifyingPage } from "./qualifying-page.tsx";

const steps = [
  { id: "vendor", label: "Vendor Information" },
  { id: "owner", label: "Owner Information" },
  { id: "business", label: "Business Information" },
  { id: "credit", label: "Credit Information" },
  { id: "qualifying", label: "Qualifying Page" },
] as const;

function partnerAnswers(partner: PartnerBranding | null): CalculatorAnswers {
  return partner ? { ...emptyAnswers, vendorName: partner.vendorName, salesPersonName: partner.salesPerson, phoneNumberVendor: partner.vendorPhone } : emptyAnswers;
}

/** /GetQualified and /vendor_partner/<slug>: landing view, four steps, then the qualifying page. */
export function CalculatorScreen({ partner }: { partner: PartnerBranding | null }) {
  const storageKey = `calculator:${partner?.slug ?? "GetQualified"}`;
  const [progress, setProgress] = useState<CalculatorProgress>({ view: "landing", answers: partnerAnswers(partner), lead: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [overlay, setOverlay] = useState<{ saved: boolean; failed: string | null } | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const restored = useRef(false);
  const currentYear = yearInTimeZone(new Date(), brand.timeZone);
  const { view, answers, lead } = progress;

  useEffect(() => {
    const saved = loadProgress(storageKey);
    if (saved) setProgress(saved);
    restored.current = true;
  }, [storageKey]);
  useEffect(() => {
    if (restored.current) saveProgress(storageKey, progress);
  }, [progress, storageKey]);

  const go = (next: CalculatorView) => {
    setMessage(null);
    setErrors({});
    setProgress((current) => ({ ...current, view: next }));
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const set = (patch: Partial<CalculatorAnswers>) => setProgress((current) => ({ ...current, answers: { ...current.answers, ...patch } }));

  /** The first step (up to `last`) whose answers do not pass, with its errors. */
  const firstInvalid = (last: number) => {
    for (let index = 0; index <= last; index += 1) {
      const result = calculatorSteps[index]!.safeParse(answers);
      if (!result.success) return { index, errors: fieldErrors(result.error.issues) };
    }
    return null;
  };

  const complain = (index: number, found: Record<string, string>, text: string) => {
    setProgress((current) => ({ ...current, view: index as CalculatorView }));
    setErrors(found);
    setMessage(text);
  };

  const next = () => {
    if (typeof view !== "number") return;
    const invalid = firstInvalid(view);
    if (invalid) return complain(invalid.index, invalid.errors, stepMessages[invalid.index]!);
    if (view < 3) return go((view + 1) as CalculatorView);
    void submitLead();
  };

  const submitLead = async () => {
    setMessage(null);
    setOverlay({ saved: false, failed: null });
    try {
      const request = calculatorLeadRequest.parse({ ...answers, partnerSlug: partner?.slug, idempotencyKey, leaveEmpty: "" });
      const saved = await apiRequest<{ id: string; quote: CalculatorQuote }>("/api/leads/calculator", { body: request });
      setProgress((current) => ({ ...current, lead: saved }));
      setOverlay({ saved: true, failed: null });
    } catch (error) {
      setOverlay({ saved: false, failed: `${calculatorMessages.failure} ${(error as Error).message}` });
    }
  };

  const selectStep = (index: number) => {
    if (index === 4 && !lead) return setMessage(calculatorMessages.jumpAhead);
    if (typeof view === "number" && index > view) {
      const invalid = firstInvalid(index - 1);
      if (invalid) return complain(invalid.index, invalid.errors, stepMessages[invalid.index]!);
    }
    go(index as CalculatorView);
  };

  const startOver = () => {
    setIdempotencyKey(newIdempotencyKey());
    setProgress({ view: "landing", answers: partnerAnswers(partner), lead: null });
    setErrors({});
    setMessage(null);
  };

  const finished = () => {
    // After a successful lead the answers are cleared and the flow starts again at step 1.
    setIdempotencyKey(newIdempotencyKey());
    setProgress({ view: 0, answers: partnerAnswers(partner), lead: null });
  };

  if (view === "landing") {
    return <CalculatorLanding price={answers.costEq} onPrice={(costEq) => set({ costEq })} onStart={() => go(0)} showCarousel={!partner} />;
  }

  const stepProps = { answers, set, errors, currentYear };
  return (
    <div className="grid gap-8 lg:grid-cols-[3fr_1fr]">
      <div>
        <h1 className="mb-4 text-2xl font-bold">CapEx loan calculator</h1>
        <Stepper label="Calculator steps" steps={steps} current={view} onSelect={selectStep} />
        <div className="mt-6 rounded-lg bg-white p-6 text-slate-900">
          <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
            {view === 3 ? "Credit Information (Financial History)" : steps[view]!.label}
          </h2>
          <div role="alert" className={message ? "mt-4 rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-800" : ""}>
            {message}
          </div>
          <div className="mt-4">
            {view === 0 ? <VendorStep {...stepProps} /> : null}
            {view === 1 ? <OwnerStep {...stepProps} /> : null}
            {view === 2 ? <BusinessStep {...stepProps} /> : null}
            {view === 3 ? <CreditStep {...stepProps} /> : null}
            {view === 4 && lead ? <QualifyingPage answers={answers} lead={lead} onDone={finished} /> : null}
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            {view > 0 && view < 4 ? (
              <Button variant="secondary" onClick={() => go((view - 1) as CalculatorView)}>
                Back
              </Button>
            ) : null}
            {view < 4 ? <Button onClick={next}>{view === 3 ? "Get my payment options" : "Next"}</Button> : null}
            {view === 4 ? (
              <Button variant="ghost" onClick={startOver}>
                Start Over
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      <aside aria-labelledby="expect-heading" className="rounded-lg border border-white/40 p-4">
        <h2 id="expect-heading" className="text-lg font-semibold">
          What to expect
        </h2>
        <ul className="mt-2 list-disc space-y-2 pl-5">
          <li>No impact on your credit: we do not pull your credit.</li>
          <li>Your answers go to our network of partner banks and lenders.</li>
          <li>A finance specialist calls you to confirm the details.</li>
        </ul>
      </aside>
      {overlay ? (
        <LoadingOverlay
          leadSaved={overlay.saved}
          failed={overlay.failed}
          onClose={() => setOverlay(null)}
          onReady={() => {
            setOverlay(null);
            // The spec re-checks step 3 before showing the qualifying page.
            const invalid = firstInvalid(2);
            if (invalid) return complain(invalid.index, invalid.errors, stepMessages[invalid.index]!);
            go(4);
          }}
        />
      ) : null}
    </div>
  );
}
