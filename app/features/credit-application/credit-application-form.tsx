import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { submitCreditApplication } from "#domain/leads/contracts.ts";
import { financingDisclaimer } from "#domain/deals/deal-changes.ts";
import { usStateOptions } from "#domain/forms/us-states.ts";
import {
  creditApplicationDraft,
  draftMessages,
  typedDraftValues,
  type CreditApplicationDraft,
} from "#domain/leads/credit-application-draft-schema.ts";
import { creditApplicationFailure, creditApplicationRequest } from "#domain/leads/credit-application-schema.ts";
import { formatAmount, formatUsd } from "#domain/pricing/money-format.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Form } from "../../components/ui/form.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ApiError, call } from "../../lib/call.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { brand } from "../../lib/public-config.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { fieldErrors, useSchemaForm } from "../../lib/use-schema-form.ts";
import { ReferralNotice } from "../partners/referral-notice.tsx";
import { HoneypotField } from "../leads/honeypot-field.tsx";
import { useResumeDraft } from "./resume-draft.ts";
import { SaveDraftDialog } from "./save-draft-dialog.tsx";
import type { QuoteLink } from "./quote-prefill.ts";
import {
  allTextFields,
  businessFields,
  maskSensitive,
  ownerFields,
  secondOwnerFields,
  vendorFields,
  type FieldSpec,
} from "./application-fields.ts";

type Values = Record<string, string | boolean>;

/** A vendor's link (docs/product-rules.md#r23-referred-customers-belong-to-the-company): its vendor details pre-filled, and the request attributed to its company. */
export type ApplicationVendorLink = {
  slug: string;
  referredTo: string;
  vendorName: string;
  salesPerson: string;
  vendorPhone: string;
};

function initialValues(
  idempotencyKey: string,
  link: ApplicationVendorLink | undefined,
  quote: QuoteLink | null,
): Values {
  const values: Values = Object.fromEntries(allTextFields.map((field) => [field.name, ""]));
  const vendor: Values = link
    ? { VendorName: link.vendorName, vendorContactName: link.salesPerson, vendorPhoneNumber: link.vendorPhone }
    : {};
  const blank = { ...values, ...vendor, hasSecondOwner: false, acceptCheck: false, idempotencyKey, leaveEmpty: "" };
  if (!quote || "gone" in quote) return blank;
  // A vendor's quote fills in who it was for and what it priced; the token marks the quote applied.
  const { customerName, customerEmail, price, vendorName } = quote.prefill;
  return {
    ...blank,
    businessContact: customerName,
    contactName: customerName,
    businessEmail: customerEmail,
    homeEmail: customerEmail,
    COE: formatAmount(price),
    VendorName: vendorName,
    quoteToken: quote.token,
  };
}

type Notice = { tone: "success" | "info"; text: string };

/**
 * /ApplyNow: business, owner, optional second owner and vendor, then a review before submitting.
 * On /vendor_partner/<slug>/apply (`vendorLink`) the application is attributed to the link's company;
 * with a vendor quote's link (`quote`, from loadQuoteLink) it is filled in from the quote.
 * "Save and finish later" mails a link that reopens what was typed (`#resume=<token>`,
 * docs/product-rules.md#r6-save-and-finish-later).
 */
export function CreditApplicationForm({
  vendorLink,
  quote = null,
}: { vendorLink?: ApplicationVendorLink; quote?: QuoteLink | null } = {}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useSchemaForm(creditApplicationRequest, initialValues(idempotencyKey, vendorLink, quote));
  // Shown once hydrated: the prerendered page cannot know whether the link has a company.
  const referralNotice =
    hydrated && vendorLink?.referredTo ? <ReferralNotice companyName={vendorLink.referredTo} className="mt-8" /> : null;
  const [step, setStep] = useState<"edit" | "review">("edit");
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [draftToSave, setDraftToSave] = useState<CreditApplicationDraft | null>(null);
  const [draftToken, setDraftToken] = useState<string | null>(null);
  const { resuming } = useResumeDraft((result) => {
    if (result.token === null) {
      setNotice(null);
      showProblem(result.problem);
      return;
    }
    const saved = Object.fromEntries(Object.entries(result.draft).filter(([, value]) => value !== undefined)) as Values;
    form.reset({ ...initialValues(idempotencyKey, vendorLink, null), ...saved });
    setDraftToken(result.token);
    setProblem(null);
    setNotice({ tone: "info", text: draftMessages.resumed });
  });

  const showProblem = (message: string) => {
    setProblem(message);
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  const field = (spec: FieldSpec) => {
    const bound = form.text(spec.name, spec.format);
    if (spec.type === "state") {
      return (
        <SelectField
          key={spec.name}
          label={spec.label}
          required={spec.required}
          options={usStateOptions}
          placeholder="Choose a state"
          {...bound}
        />
      );
    }
    return (
      <TextField
        key={spec.name}
        label={spec.label}
        type={spec.type ?? "text"}
        required={spec.required}
        help={spec.help}
        inputMode={spec.inputMode}
        maxLength={spec.maxLength}
        autoComplete={spec.autoComplete}
        {...bound}
      />
    );
  };

  const onReview = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validate()) {
      showProblem(creditApplicationFailure);
      return;
    }
    setProblem(null);
    setStep("review");
    window.scrollTo(0, 0);
  };

  /** Checks only what was typed, in the application's formats, then asks where to send the link. */
  const onSaveLater = () => {
    const parsed = creditApplicationDraft.safeParse(typedDraftValues(form.values));
    if (!parsed.success) {
      form.setErrors(fieldErrors(parsed.error.issues));
      showProblem("Please correct the fields marked before saving.");
      return;
    }
    setProblem(null);
    setDraftToSave(parsed.data);
  };

  const onSubmit = async () => {
    const application = form.validate();
    if (!application) {
      setStep("edit");
      showProblem(creditApplicationFailure);
      return;
    }
    setSending(true);
    try {
      await call(submitCreditApplication, {
        body: {
          ...application,
          ...(vendorLink ? { vendorSlug: vendorLink.slug } : {}),
          ...(draftToken ? { draftToken } : {}),
        },
      });
      await navigate("/ThankYou");
    } catch (error) {
      const detail = error instanceof ApiError && error.status !== 400 ? ` ${error.message}` : "";
      showProblem(`${creditApplicationFailure}.${detail}`);
    } finally {
      setSending(false);
    }
  };

  const alert = (
    <>
      <Alert live ref={alertRef} tabIndex={-1} className="mb-6 font-semibold">
        {problem}
      </Alert>
      <Alert live tone={notice?.tone ?? "info"} className="mb-6">
        {resuming ? "Opening your saved application…" : notice?.text}
      </Alert>
    </>
  );

  if (step === "review") {
    const sections: [string, FieldSpec[]][] = [
      ["Business", businessFields],
      ["Owner", ownerFields],
      ...(form.values.hasSecondOwner ? ([["Second owner", secondOwnerFields]] as [string, FieldSpec[]][]) : []),
      ["Vendor", vendorFields],
    ];
    return (
      <section aria-labelledby="review-heading">
        {alert}
        <h2 id="review-heading" className="text-2xl font-bold text-brand-900">
          Review your application
        </h2>
        <p className="mt-2 text-slate-700">
          Check every answer. Choose Edit application to change one, or Submit application to send it.
        </p>
        {sections.map(([title, fields]) => (
          <div key={title} className="mt-6">
            <h3 className="text-lg font-semibold">{title}</h3>
            <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[14rem_1fr]">
              {fields.map((spec) => {
                const value = String(form.values[spec.name] ?? "");
                return (
                  <div key={spec.name} className="contents">
                    <dt className="font-medium text-slate-700">{spec.label}</dt>
                    <dd>{value ? (spec.sensitive ? maskSensitive(value) : value) : "—"}</dd>
                  </div>
                );
              })}
            </dl>
          </div>
        ))}
        {referralNotice}
        <div className="mt-8 flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setStep("edit")}>
            Edit application
          </Button>
          <Button onClick={() => void onSubmit()} disabled={sending}>
            {sending ? "Submitting…" : "Submit application"}
          </Button>
        </div>
      </section>
    );
  }

  const fieldset = (legend: string, fields: FieldSpec[]) => (
    <fieldset className="mt-8 rounded-lg border border-slate-300 p-4 sm:p-6">
      <legend className="px-2 text-xl font-bold text-brand-900">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{fields.map(field)}</div>
    </fieldset>
  );

  return (
    <>
      <Form onSubmit={onReview} noValidate className="relative" aria-label="Credit application">
        {alert}
        {quote && "gone" in quote ? (
          <Alert tone="info" className="mb-6">
            {quote.gone}
          </Alert>
        ) : null}
        {quote && "prefill" in quote ? (
          <Alert tone="info" className="mb-6">
            {`This application reaches us with ${quote.prefill.vendorName}'s quote of ${formatUsd(quote.prefill.price)} (estimated), and belongs to ${quote.prefill.vendorName}. ${financingDisclaimer}`}
          </Alert>
        ) : null}
        <p className="text-slate-700">
          Fields marked * are required. Your Social Security number and tax ID are encrypted when stored.
        </p>
        {fieldset("Business information", businessFields)}
        {fieldset("Owner information", ownerFields)}
        <Checkbox className="mt-6" label="Add a second owner" {...form.checkbox("hasSecondOwner")} />
        {form.values.hasSecondOwner ? fieldset("Second owner information", secondOwnerFields) : null}
        {fieldset("Vendor information", vendorFields)}
        <Checkbox
          className="mt-6"
          label={`I certify that the information in this application is true and complete, and I authorize ${brand.name} and its lending partners to obtain credit reports and verify it.`}
          {...form.checkbox("acceptCheck")}
        />
        <HoneypotField
          value={String(form.values.leaveEmpty)}
          onChange={(value) => form.setValue("leaveEmpty", value)}
        />
        {referralNotice}
        <div className="mt-8 flex flex-wrap gap-3">
          <Button type="submit">Review application</Button>
          {/* Needs the script: before it runs, the button cannot do anything, so it says so by being disabled. */}
          <Button variant="secondary" onClick={onSaveLater} disabled={!hydrated || resuming}>
            Save and finish later
          </Button>
        </div>
      </Form>
      <SaveDraftDialog
        open={draftToSave !== null}
        defaultEmail={String(form.values.businessEmail ?? "")}
        draft={draftToSave ?? {}}
        replaces={draftToken}
        onClose={() => setDraftToSave(null)}
        onSaved={(email) => {
          setDraftToSave(null);
          // The resumed draft's link stopped working; the new one is in the mail.
          setDraftToken(null);
          setNotice({ tone: "success", text: draftMessages.sent(email) });
          window.scrollTo(0, 0);
        }}
      />
    </>
  );
}
