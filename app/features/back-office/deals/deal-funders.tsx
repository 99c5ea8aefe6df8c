import { useState } from "react";
import { useFetcher } from "react-router";
import { adverseActionReasons, reasonLabels } from "#domain/adverse-action/reasons.ts";
import {
  blankFunderAnswer,
  funderAnswerInput,
  funderDecisions,
  offersTerms,
  type DealFunders,
  type FunderAnswer,
} from "#domain/funders/deal-funder-contracts.ts";
import { labelOf } from "#domain/funders/funder-terms.ts";
import { splitList } from "#domain/funders/text-fields.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { formatCalendarDate } from "#domain/site/business-time.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { TextareaField } from "../../../components/ui/textarea-field.tsx";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";

/** What the Funders section posts to the deal route's action (form-encoded, field `intent`). */
export const funderIntents = {
  send: "send-to-funders",
  answer: "funder-answer",
  present: "present",
  renew: "renew-approval",
  decline: "decline-with-funders-reasons",
} as const;

export type FunderActionResult = { intent: "funders"; ok: boolean; message: string };

const usd = (cents: number | null) => (cents === null ? null : formatUsd(cents / 100));

/** One answer in a line: its decision and the terms it gave. */
export function answerSummary(answer: FunderAnswer): string {
  const decision = labelOf(funderDecisions, answer.decision);
  if (answer.decision === "declined") return `${decision}: ${reasonLabels(answer.declineReasons, "").join("; ")}`;
  if (!offersTerms(answer.decision)) return decision;
  const terms = [
    usd(answer.amountCents),
    answer.termMonths ? `${answer.termMonths} months` : null,
    answer.paymentCents !== null ? `${usd(answer.paymentCents)} a month` : null,
    answer.rateBasisPoints !== null ? `${(answer.rateBasisPoints / 100).toFixed(2)}%` : null,
    answer.downPaymentCents ? `${usd(answer.downPaymentCents)} down` : null,
    answer.feesCents ? `${usd(answer.feesCents)} fees` : null,
    answer.expiresOn ? `expires ${answer.expiresOn}` : null,
  ].filter(Boolean);
  return `${decision}: ${terms.join(", ")}${answer.conditions ? `; conditions: ${answer.conditions}` : ""}`;
}

/** Active funders not sent yet, the ones that fit first, each with why: tick and send. */
function SendToFunders({ candidates }: { candidates: DealFunders["candidates"] }) {
  const fetcher = useFetcher<FunderActionResult>();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  if (candidates.length === 0) return <p className="mt-2">Every active funder has this deal.</p>;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void fetcher.submit({ intent: funderIntents.send, funderIds: [...chosen].join(",") }, { method: "post" });
    setChosen(new Set());
  };
  return (
    <Form aria-label="Send to funders" onSubmit={submit} className="mt-3 space-y-3">
      <ul className="space-y-3">
        {candidates.map(({ funder, fit }) => (
          <li key={funder.id} className="rounded border border-slate-200 p-3">
            <Checkbox
              label={`${funder.name}: ${fit.fits ? "fits its criteria" : "does not fit"}`}
              checked={chosen.has(funder.id)}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.target.checked) next.add(funder.id);
                else next.delete(funder.id);
                setChosen(next);
              }}
              help={
                [...fit.misses, ...(fit.unknown.length ? [`To check: ${fit.unknown.join(", ")}`] : [])].join(". ") ||
                undefined
              }
            />
          </li>
        ))}
      </ul>
      <Button type="submit" disabled={chosen.size === 0 || fetcher.state !== "idle"}>
        Send to the chosen funders
      </Button>
      {result && !result.ok ? <Alert>{result.message}</Alert> : null}
    </Form>
  );
}

/** Present a funder's latest answer with terms to the dealer: the deal becomes Approved with them. */
function PresentAnswer({
  submissionId,
  answer,
  funderName,
}: {
  submissionId: string;
  answer: FunderAnswer;
  funderName: string;
}) {
  const fetcher = useFetcher<FunderActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" className="mt-2">
      <input type="hidden" name="intent" value={funderIntents.present} />
      <input type="hidden" name="submissionId" value={submissionId} />
      <input type="hidden" name="answerId" value={answer.id} />
      <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
        Present {funderName}&apos;s answer to the dealer
      </Button>
      {result && !result.ok ? <Alert>{result.message}</Alert> : null}
    </fetcher.Form>
  );
}

/** Staff enter a funder's answer; the fields its decision needs are asked for. */
function RecordAnswer({ submissionId, funderName }: { submissionId: string; funderName: string }) {
  const fetcher = useFetcher<FunderActionResult>();
  const form = useSchemaForm(funderAnswerInput, blankFunderAnswer);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const decision = form.values.decision;
  const reasons = new Set(splitList(form.values.declineReasons));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    void fetcher.submit({ intent: funderIntents.answer, submissionId, ...form.values }, { method: "post" });
    form.reset();
  };
  return (
    <Form noValidate aria-label={`Answer of ${funderName}`} onSubmit={submit} className="mt-3 space-y-3">
      <SelectField label="Answer" options={funderDecisions} {...form.text("decision")} />
      {offersTerms(decision) ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <TextField label="Amount ($)" inputMode="decimal" {...form.text("amount")} />
          <TextField label="Term (months)" inputMode="numeric" {...form.text("termMonths")} />
          <TextField label="Monthly payment ($)" inputMode="decimal" {...form.text("payment")} />
          <TextField label="Rate (%)" inputMode="decimal" {...form.text("rate")} />
          <TextField label="Down payment ($)" inputMode="decimal" {...form.text("downPayment")} />
          <TextField label="Fees ($)" inputMode="decimal" {...form.text("fees")} />
          <TextField label="Expires on" type="date" {...form.text("expiresOn")} />
        </div>
      ) : null}
      {offersTerms(decision) ? (
        <TextareaField
          label="Conditions"
          help={decision === "conditioned" ? "What the approval is conditioned on." : undefined}
          {...form.text("conditions")}
        />
      ) : null}
      {decision === "declined" ? (
        <fieldset className="space-y-2">
          <legend className="font-medium">Reasons the funder gave</legend>
          {adverseActionReasons.map((reason) => (
            <Checkbox
              key={reason.code}
              label={reason.label}
              checked={reasons.has(reason.code)}
              onChange={(event) => {
                if (event.target.checked) reasons.add(reason.code);
                else reasons.delete(reason.code);
                form.setValue("declineReasons", [...reasons].sort().join(", "));
              }}
            />
          ))}
          {form.errors.declineReasons ? (
            <Alert inline className="font-medium">
              {form.errors.declineReasons}
            </Alert>
          ) : null}
        </fieldset>
      ) : null}
      <TextareaField label="Note" {...form.text("note")} />
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        Record answer
      </Button>
      {result && !result.ok ? <Alert>{result.message}</Alert> : null}
    </Form>
  );
}

/** The presented approval's expiry, marked once it has expired, and its renewal: the funder's new date or 30 days from today. */
function PresentedApproval({ presented }: { presented: NonNullable<DealFunders["presented"]> }) {
  const fetcher = useFetcher<FunderActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <div
      className={`mt-3 rounded border p-3 ${presented.expired ? "border-red-300 bg-red-50" : "border-green-300 bg-green-50"}`}
    >
      <p className="font-semibold">
        {presented.expired ? (
          <>
            <span className="mr-2 rounded bg-red-800 px-2 py-0.5 text-sm text-white">Expired</span>
            The approval presented to the dealer expired on {formatCalendarDate(presented.expiresOn)}: renew it before
            documents.
          </>
        ) : (
          <>The approval presented to the dealer expires on {formatCalendarDate(presented.expiresOn)}.</>
        )}
      </p>
      {presented.reminderSentAt ? (
        <p className="text-sm text-slate-700">
          The dealer was reminded on {new Date(presented.reminderSentAt).toLocaleDateString("en-US")}.
        </p>
      ) : null}
      <fetcher.Form method="post" aria-label="Renew the approval" className="mt-2 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value={funderIntents.renew} />
        <TextField
          key={presented.expiresOn}
          label="New expiry date"
          type="date"
          name="expiresOn"
          help="The date the funder gave; leave it empty for 30 days from today."
        />
        <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
          Renew the approval
        </Button>
      </fetcher.Form>
      {result && !result.ok ? <Alert className="mt-2">{result.message}</Alert> : null}
    </div>
  );
}

/** Every funder declined: decline the deal with their reasons chosen for its adverse-action notice. */
function DeclineWithFunderReasons({ reasons }: { reasons: string[] }) {
  const fetcher = useFetcher<FunderActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <div className="mt-4 rounded border border-amber-300 bg-amber-50 p-3">
      <p className="font-semibold">Every funder this deal was sent to declined it.</p>
      <p className="mt-1">Their reasons: {reasonLabels(reasons, "").join("; ")}.</p>
      <p className="mt-1 text-sm text-slate-700">
        The deal moves to Declined (the dealer and the applicant are told) and its adverse-action notice starts with
        these reasons, for you to review and send.
      </p>
      <fetcher.Form method="post" className="mt-2">
        <input type="hidden" name="intent" value={funderIntents.decline} />
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Decline the deal with the funders&apos; reasons
        </Button>
      </fetcher.Form>
      {result && !result.ok ? <Alert className="mt-2">{result.message}</Alert> : null}
    </div>
  );
}

/**
 * The deal and the network (docs/product-rules.md#r54-the-funder-network): where it was sent, each funder's
 * answer with its history, the funders it fits or not and why; staff only.
 */
export function DealFundersSection({ funders }: { funders: DealFunders }) {
  return (
    <section aria-labelledby="deal-funders-heading" className="mt-8">
      <h2 id="deal-funders-heading" className="text-xl font-semibold">
        Funders
      </h2>
      <p className="mt-1 text-slate-700">
        Checked against: {formatUsd(funders.facts.amountCents / 100)} financed
        {funders.facts.state ? `, ${funders.facts.state}` : ""}
        {funders.facts.monthsInBusiness !== null ? `, ${funders.facts.monthsInBusiness} months in business` : ""}.
      </p>
      {funders.presented ? <PresentedApproval presented={funders.presented} /> : null}
      {funders.allDeclined && funders.dealStage !== 0 ? (
        <DeclineWithFunderReasons reasons={funders.allDeclined.reasons} />
      ) : null}
      {funders.submissions.map((submission) => (
        <article
          key={submission.id}
          aria-label={submission.funder.name}
          className="mt-4 rounded border border-slate-300 p-4"
        >
          <h3 className="text-lg font-semibold">{submission.funder.name}</h3>
          <p>{submission.answers[0] ? answerSummary(submission.answers[0]) : "No answer yet"}</p>
          {funders.presented && submission.answers.some((answer) => answer.id === funders.presented!.answerId) ? (
            <p className="font-semibold text-green-800">
              {submission.answers[0]!.id === funders.presented.answerId
                ? "Presented"
                : "An earlier answer was presented"}{" "}
              to the dealer; {funders.presented.expired ? "expired" : "expires"} on {funders.presented.expiresOn}.
            </p>
          ) : null}
          {submission.answers[0] &&
          offersTerms(submission.answers[0].decision) &&
          funders.presented?.answerId !== submission.answers[0].id ? (
            <PresentAnswer
              submissionId={submission.id}
              answer={submission.answers[0]}
              funderName={submission.funder.name}
            />
          ) : null}
          <ol aria-label={`Answers of ${submission.funder.name}`} className="mt-2 space-y-1 text-sm text-slate-700">
            {submission.answers.map((answer) => (
              <li key={answer.id}>
                {new Date(answer.enteredAt).toLocaleString("en-US")}, {answer.enteredBy}: {answerSummary(answer)}
                {answer.note ? ` (${answer.note})` : ""}
              </li>
            ))}
            <li>
              {new Date(submission.submittedAt).toLocaleString("en-US")}, {submission.submittedBy}: sent
            </li>
          </ol>
          <RecordAnswer
            key={submission.answers.length}
            submissionId={submission.id}
            funderName={submission.funder.name}
          />
        </article>
      ))}
      <h3 className="mt-6 text-lg font-semibold">Send to funders</h3>
      <SendToFunders candidates={funders.candidates} />
    </section>
  );
}
