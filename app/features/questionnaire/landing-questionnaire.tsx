import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { sendQuestionnaireAnswer } from "#domain/questionnaire/contracts.ts";
import { questionnaireAnswerRequest } from "#domain/questionnaire/answer-schema.ts";
import { monthOptions, questions, type Question } from "#domain/questionnaire/questions.ts";
import { parseMoney } from "#domain/pricing/money-format.ts";
import type { LandingQuoteResponse } from "#domain/pricing/quote-requests.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Form } from "../../components/ui/form.tsx";
import { ProgressBar } from "../../components/ui/progress-bar.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { call } from "../../lib/call.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { brand } from "../../lib/public-config.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { saveFinancingOptions } from "../financing-options/financing-options-storage.ts";
import { QuestionnaireResults } from "./questionnaire-results.tsx";

type AnswerField = Question["fields"][number];
const emptyAnswers = Object.fromEntries(
  questions.flatMap((question) => question.fields.map((field) => [field, ""])),
) as Record<AnswerField, string>;

/** Enter on a select advances like Next, as on every other question (it would open the list instead). */
function submitOnEnter(event: React.KeyboardEvent<HTMLSelectElement>) {
  if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}

/**
 * The landing questionnaire: one question at a time, each shown once the previous one is
 * answered and Next (or Enter) is pressed; then the server's estimate
 * (docs/product-rules.md#r52-forms-check-what-the-spec-checks).
 */
export function LandingQuestionnaire() {
  const [params] = useSearchParams();
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Each question is a step of the answer's own schema; green or red as the visitor types
  // (docs/product-rules.md#r52-forms-check-what-the-spec-checks).
  const form = useSchemaForm(
    questionnaireAnswerRequest,
    { ...emptyAnswers, idempotencyKey, leaveEmpty: "" },
    { live: "as-typed" },
  );
  const { values, errors } = form;
  const [step, setStep] = useState(0);
  const [phase, setPhase] = useState<"asking" | "sending" | "failed" | "done">("asking");
  const [quote, setQuote] = useState<LandingQuoteResponse | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
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

  const goTo = (next: number) => {
    form.startStep(questions[next]!.fields);
    setStep(next);
  };

  const submit = async () => {
    setPhase("sending");
    // The top of the questionnaire, where the results replace it (the page's top would leave them below the fold).
    containerRef.current?.scrollIntoView({ block: "start" });
    const visitId = params.get("id") ?? undefined;
    try {
      const answer = questionnaireAnswerRequest.parse({ ...values, idempotencyKey, visitId, leaveEmpty: "" });
      const response = await call(sendQuestionnaireAnswer, { body: answer });
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
    if (!form.validateStep(question.fields)) return;
    if (step < questions.length - 1) goTo(step + 1);
    else void submit();
  };

  if (phase === "done" && quote)
    return <QuestionnaireResults quote={quote} desiredTerm={Number(values.desiredmonth)} />;

  const complete = phase !== "asking" || answered === 100;
  const fieldProps = (field: AnswerField) => ({
    name: field,
    value: values[field] ?? "",
    error: errors[field],
    valid: errors[field] === undefined && Boolean(values[field]),
  });

  return (
    <div ref={containerRef} className="relative scroll-mt-24" data-hydrated={hydrated || undefined}>
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
                  form.setValue(
                    question.fields[0]!,
                    input.format ? input.format(event.target.value) : event.target.value,
                  );
                }}
                onBlur={(event) => {
                  const input = question.input as Extract<Question["input"], { kind: "text" }>;
                  if (input.formatOnBlur) form.setValue(question.fields[0]!, input.formatOnBlur(event.target.value));
                }}
              />
            ) : question.input.kind === "choice" ? (
              <RadioGroup
                legend={question.label}
                name={question.fields[0]!}
                options={question.input.options}
                value={values[question.fields[0]!] || undefined}
                onChange={(value) => form.setValue(question.fields[0]!, value)}
                error={errors[question.fields[0]!]}
                required
              />
            ) : (
              <fieldset>
                <legend className="font-medium">{question.label}</legend>
                <div className="mt-2 grid gap-4 sm:grid-cols-2">
                  <SelectField
                    label="Month"
                    options={monthOptions}
                    placeholder="Choose a month"
                    {...fieldProps("monthsofbusiness")}
                    onChange={(event) => form.setValue("monthsofbusiness", event.target.value)}
                    onKeyDown={submitOnEnter}
                  />
                  <SelectField
                    label="Year"
                    options={question.input.years(currentYear)}
                    placeholder="Choose a year"
                    {...fieldProps("year")}
                    onChange={(event) => form.setValue("year", event.target.value)}
                    onKeyDown={submitOnEnter}
                  />
                </div>
              </fieldset>
            )}
          </div>
          {phase === "failed" ? (
            <Alert className="mt-4 font-medium">
              We could not send your answers. Please try again, or call us at {brand.phone}.
            </Alert>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            {step > 0 ? (
              <Button variant="secondary" onClick={() => goTo(step - 1)}>
                Back
              </Button>
            ) : null}
            <Button type="submit">
              {step < questions.length - 1 ? "Next" : phase === "failed" ? "Try again" : "See my estimate"}
            </Button>
          </div>
          <p className="mt-4 text-sm text-slate-700">
            Question {step + 1} of {questions.length}. We will not pull your credit.{" "}
            <Link to="/TermsOfUse" className="underline">
              Terms of Use
            </Link>
          </p>
        </Form>
      )}
    </div>
  );
}
