import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { questionnaireAnswerRequest } from "#domain/questionnaire/answer-schema.ts";
import { questionnaireAnswerResponse } from "#domain/questionnaire/picked-option-schema.ts";
import { monthOptions, questions, type Question } from "#domain/questionnaire/questions.ts";
import { parseMoney } from "#domain/pricing/money-format.ts";
import type { LandingQuoteResponse } from "#domain/pricing/quote-requests.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import { Button } from "../../components/ui/button.tsx";
import { Form } from "../../components/ui/form.tsx";
import { ProgressBar } from "../../components/ui/progress-bar.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { apiRequest } from "../../lib/api.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { brand } from "../../lib/public-config.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { fieldErrors } from "../../lib/use-schema-form.ts";
import { saveFinancingOptions } from "../financing-options/financing-options-storage.ts";
import { QuestionnaireResults } from "./questionnaire-results.tsx";

type Values = Record<string, string>;
const emptyAnswers: Values = Object.fromEntries(questions.flatMap((question) => question.fields.map((field) => [field, ""])));

/** Errors of the whole answer, kept for the fields one question asks. */
function questionErrors(values: Values, question: Question, idempotencyKey: string) {
  const result = questionnaireAnswerRequest.safeParse({ ...values, idempotencyKey });
  if (result.success) return {};
  const errors = fieldErrors(result.error.issues);
  return Object.fromEntries(question.fields.filter((field) => errors[field]).map((field) => [field, errors[field]!]));
}

/**
 * The landing questionnaire: one question at a time, each shown once the previous one is
 * answered and Next (or Enter) is pressed; then the server's estimate (spec §4).
 */
export function LandingQuestionnaire() {
  const [params] = useSearchParams();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [values, setValues] = useState<Values>(emptyAnswers);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [phase, setPhase] = useState<"asking" | "sending" | "failed" | "done">("asking");
  const [quote, setQuote] = useState<LandingQuoteResponse | null>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  const hydrated = useHydrated();
  const currentYear = yearInTimeZone(new Date(), brand.timeZone);

  const question = questions[step]!;
  const answered = step === 0 ? 0 : questions[step - 1]!.progress;

  useEffect(() => {
    // Focus follows the question, but not on first load: the page must not jump to it.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    stepRef.current?.querySelector<HTMLElement>("input, select")?.focus();
  }, [step]);

  // Green or red as the visitor types (spec §5); an empty field stays neutral until Next.
  const setValue = (field: string, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    const found = questionErrors(next, question, idempotencyKey);
    setErrors(Object.fromEntries(Object.entries(found).filter(([name]) => next[name] !== "" || errors[name] !== undefined)));
  };

  const submit = async () => {
    setPhase("sending");
    window.scrollTo(0, 0);
    const visitId = params.get("id") ?? undefined;
    try {
      const answer = questionnaireAnswerRequest.parse({ ...values, idempotencyKey, visitId, leaveEmpty: "" });
      const response = questionnaireAnswerResponse.parse(await apiRequest("/api/leads/questionnaire-answer", { body: answer }));
      saveFinancingOptions({
        answerId: response.id,
        businessName: answer.businessName,
        nameEquipment: answer.nameEquipment,
        costEq: parseMoney(answer.costEq)!,
        desiredmonth: Number(answer.desiredmonth),
        quote: response.quote,
      });
      setQuote(response.quote);
      setPhase("done");
    } catch {
      setPhase("failed");
    }
  };

  const onNext = (event: React.FormEvent) => {
    event.preventDefault();
    const found = questionErrors(values, question, idempotencyKey);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (step < questions.length - 1) setStep(step + 1);
    else void submit();
  };

  if (phase === "done" && quote) return <QuestionnaireResults quote={quote} desiredTerm={Number(values.desiredmonth)} />;

  const complete = phase !== "asking" || answered === 100;
  const fieldProps = (field: string) => ({
    name: field,
    value: values[field] ?? "",
    error: errors[field],
    valid: errors[field] === undefined && Boolean(values[field]),
  });

  return (
    <div className="relative" data-hydrated={hydrated || undefined}>
      <ProgressBar label="Questionnaire progress" value={phase === "asking" ? answered : 100} complete={complete} />
      {phase === "sending" ? (
        <div role="status" className="mt-6 rounded-lg bg-brand-50 p-8 text-center text-lg font-semibold text-brand-900">
          Loading and processing your information...
        </div>
      ) : (
        <Form onSubmit={onNext} noValidate aria-label="Pre-qualification questionnaire" className="mt-6">
          <div ref={stepRef} key={step}>
            {question.input.kind === "text" ? (
              <TextField
                label={question.label}
                inputMode={question.input.inputMode}
                autoComplete={question.input.autoComplete}
                maxLength={question.input.maxLength}
                {...fieldProps(question.fields[0]!)}
                onChange={(event) => {
                  const input = question.input as Extract<Question["input"], { kind: "text" }>;
                  setValue(question.fields[0]!, input.format ? input.format(event.target.value) : event.target.value);
                }}
                onBlur={(event) => {
                  const input = question.input as Extract<Question["input"], { kind: "text" }>;
                  if (input.formatOnBlur) setValue(question.fields[0]!, input.formatOnBlur(event.target.value));
                }}
              />
            ) : question.input.kind === "choice" ? (
              <RadioGroup
                legend={question.label}
                name={question.fields[0]!}
                options={question.input.options}
                value={values[question.fields[0]!] || undefined}
                onChange={(value) => setValue(question.fields[0]!, value)}
                error={errors[question.fields[0]!]}
                required
              />
            ) : (
              <fieldset>
                <legend className="font-medium">{question.label}</legend>
                <div className="mt-2 grid gap-4 sm:grid-cols-2">
                  <SelectField label="Month" options={monthOptions} placeholder="Choose a month" {...fieldProps("monthsofbusiness")} onChange={(event) => setValue("monthsofbusiness", event.target.value)} />
                  <SelectField label="Year" options={question.input.years(currentYear)} placeholder="Choose a year" {...fieldProps("year")} onChange={(event) => setValue("year", event.target.value)} />
                </div>
              </fieldset>
            )}
          </div>
          {phase === "failed" ? (
            <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 font-medium text-red-800">
              We could not send your answers. Please try again, or call us at {brand.phone}.
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            {step > 0 ? (
              <Button variant="secondary" onClick={() => setStep(step - 1)}>
                Back
              </Button>
            ) : null}
            <Button type="submit">{step < questions.length - 1 ? "Next" : phase === "failed" ? "Try again" : "See my estimate"}</Button>
          </div>
          <p className="mt-4 text-sm text-slate-700">
            Question {step + 1} of {questions.length}. We will not pull your credit. <Link to="/TermsOfUse" className="underline">Terms of Use</Link>
          </p>
        </Form>
      )}
    </div>
  );
}
