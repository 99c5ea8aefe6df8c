import { useEffect, useRef, useState } from "react";
import { sendCalculatorLead } from "#domain/calculator/contracts.ts";
import type { PartnerBranding } from "#domain/partners/public-contracts.ts";
import {
  calculatorLeadRequest,
  calculatorMessages,
  calculatorSteps,
  stepMessages,
} from "#domain/calculator/calculator-schema.ts";
import { priceFromLink } from "#domain/calculator/price-from-link.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Stepper } from "../../components/ui/stepper.tsx";
import { call } from "../../lib/call.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { brand } from "../../lib/public-config.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import {
  emptyAnswers,
  loadProgress,
  saveProgress,
  type CalculatorAnswers,
  type CalculatorProgress,
  type CalculatorView,
} from "./calculator-answers.ts";
import { CalculatorLanding } from "./calculator-landing.tsx";
import { BusinessStep, CreditStep, OwnerStep, VendorStep } from "./calculator-steps.tsx";
import { ReferralNotice } from "../partners/referral-notice.tsx";
import { LoadingOverlay } from "./loading-overlay.tsx";
import { QualifyingPage } from "./qualifying-page.tsx";

const steps = [
  { id: "vendor", label: "Vendor Information" },
  { id: "owner", label: "Owner Information" },
  { id: "business", label: "Business Information" },
  { id: "credit", label: "Credit Information" },
  { id: "qualifying", label: "Qualifying Page" },
] as const;

/** The fields each of the four question steps asks: steps of the lead request's one schema. */
const stepFields = calculatorSteps.map((step) => Object.keys(step.shape) as (keyof CalculatorAnswers)[]);

function partnerAnswers(partner: PartnerBranding | null): CalculatorAnswers {
  return partner
    ? {
        ...emptyAnswers,
        vendorName: partner.vendorName,
        salesPersonName: partner.salesPerson,
        phoneNumberVendor: partner.vendorPhone,
      }
    : emptyAnswers;
}

/** /GetQualified and /vendor_partner/<slug>: landing view, four steps, then the qualifying page. */
export function CalculatorScreen({ partner }: { partner: PartnerBranding | null }) {
  const storageKey = `calculator:${partner?.slug ?? "GetQualified"}`;
  const form = useSchemaForm(calculatorLeadRequest, partnerAnswers(partner));
  const { values: answers, errors } = form;
  const [view, setView] = useState<CalculatorView>("landing");
  const [lead, setLead] = useState<CalculatorProgress["lead"]>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [overlay, setOverlay] = useState<{ saved: boolean; failed: string | null } | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const currentYear = yearInTimeZone(new Date(), brand.timeZone);

  // Progress saved in this tab comes back once hydrated (the prerendered page is the landing view).
  const hydrated = useHydrated();
  const [restoredKey, setRestoredKey] = useState<string | null>(null);
  if (hydrated && restoredKey !== storageKey) {
    setRestoredKey(storageKey);
    const saved = loadProgress(storageKey);
    // A link's ?price= (the dealer widget) fills the price, over any price saved in this tab.
    const linked = priceFromLink(window.location.search);
    const linkedPrice = linked ? { costEq: linked } : {};
    if (saved) {
      form.reset({ ...partnerAnswers(partner), ...saved.answers, ...linkedPrice });
      setView(saved.view);
      setLead(saved.lead);
    } else if (linked) {
      form.reset({ ...partnerAnswers(partner), ...linkedPrice });
    }
  }
  useEffect(() => {
    if (restoredKey === storageKey) saveProgress(storageKey, { view, answers, lead });
  }, [restoredKey, storageKey, view, answers, lead]);

  const go = (next: CalculatorView) => {
    setMessage(null);
    form.startStep();
    setView(next);
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const set = (patch: Partial<CalculatorAnswers>) => form.setValues(patch);

  /** The first step (up to `last`) whose answers do not pass. */
  const firstInvalid = (last: number) => {
    for (let index = 0; index <= last; index += 1) {
      if (Object.keys(form.errorsOf(stepFields[index])).length > 0) return index;
    }
    return null;
  };

  /** Shows the step that does not pass, its fields marked and its one message (docs/product-rules.md#r52-forms-check-what-the-spec-checks). */
  const complain = (index: number) => {
    setView(index as CalculatorView);
    form.validateStep(stepFields[index]!);
    setMessage(stepMessages[index]!);
  };

  const next = () => {
    if (typeof view !== "number") return;
    const invalid = firstInvalid(view);
    if (invalid !== null) return complain(invalid);
    if (view < 3) return go((view + 1) as CalculatorView);
    void submitLead();
  };

  const submitLead = async () => {
    setMessage(null);
    setOverlay({ saved: false, failed: null });
    try {
      const request = calculatorLeadRequest.parse({
        ...answers,
        vendorSlug: partner?.slug,
        idempotencyKey,
        leaveEmpty: "",
      });
      setLead(await call(sendCalculatorLead, { body: request }));
      setOverlay({ saved: true, failed: null });
    } catch (error) {
      setOverlay({ saved: false, failed: `${calculatorMessages.failure} ${(error as Error).message}` });
    }
  };

  const selectStep = (index: number) => {
    if (index === 4 && !lead) return setMessage(calculatorMessages.jumpAhead);
    if (typeof view === "number" && index > view) {
      const invalid = firstInvalid(index - 1);
      if (invalid !== null) return complain(invalid);
    }
    go(index as CalculatorView);
  };

  const startOver = () => {
    setIdempotencyKey(newIdempotencyKey());
    form.reset(partnerAnswers(partner));
    setView("landing");
    setLead(null);
    setMessage(null);
  };

  const finished = () => {
    // After a successful lead the answers are cleared and the flow starts again at step 1.
    setIdempotencyKey(newIdempotencyKey());
    form.reset(partnerAnswers(partner));
    setView(0);
    setLead(null);
  };

  if (view === "landing") {
    return (
      <CalculatorLanding
        price={answers.costEq}
        error={errors.costEq}
        onPrice={(costEq) => set({ costEq })}
        onError={(costEq) => form.setErrors({ costEq })}
        onStart={() => go(0)}
        showCarousel={!partner}
      />
    );
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
          <Alert live className="mt-4 font-semibold">
            {message}
          </Alert>
          <div className="mt-4">
            {view === 0 ? <VendorStep {...stepProps} /> : null}
            {view === 1 ? <OwnerStep {...stepProps} /> : null}
            {view === 2 ? <BusinessStep {...stepProps} /> : null}
            {view === 3 ? <CreditStep {...stepProps} /> : null}
            {view === 4 && lead ? <QualifyingPage answers={answers} lead={lead} onDone={finished} /> : null}
          </div>
          {view === 3 && partner?.referredTo ? (
            <ReferralNotice companyName={partner.referredTo} className="mt-6" />
          ) : null}
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
            if (invalid !== null) return complain(invalid);
            go(4);
          }}
        />
      ) : null}
    </div>
  );
}
