import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { noticeRecipientRequest, noticeRecipientSourceLabels } from "#domain/adverse-action/notice-recipient.ts";
import {
  completedOnRequest,
  noticeContentForm,
  previewNotice,
  type AdverseActionState,
  type NoticeContentRequest,
} from "#domain/adverse-action/contracts.ts";
import { noticeDaysLeft, noticeDeadlineDays } from "#domain/adverse-action/notice-due.ts";
import {
  adverseActionReasons,
  rightToRequestDays,
  type AdverseActionReasonCode,
} from "#domain/adverse-action/reasons.ts";
import { dayInTimeZone, formatCalendarDate } from "#domain/site/business-time.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button, buttonClass } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { RadioGroup } from "../../../components/ui/radio-group.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { TextareaField } from "../../../components/ui/textarea-field.tsx";
import { useToast } from "../../../components/ui/toast.tsx";
import { downloadUrl } from "../../../lib/call.ts";
import { brand } from "../../../lib/public-config.ts";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";
import { adverseActionPath, type AdverseActionChange, type AdverseActionResult } from "./adverse-action-change.ts";

const statementOptions = [
  { value: "reasons", label: "Statement of specific reasons" },
  { value: "right-to-request", label: `Statement of the right to request reasons within ${rightToRequestDays} days` },
];

/** One change through the adverse-action route's action, said in a toast once done (the page read again by then). */
export function useAdverseActionChange(type: string, id: string) {
  const fetcher = useFetcher<AdverseActionResult>();
  const toast = useToast();
  const { state, data } = fetcher;
  useEffect(() => {
    if (state !== "idle" || !data) return;
    const done = {
      save: "Notice reasons saved",
      recipient: "Applicant's address saved",
      send: "Notice sent to the applicant",
      decision: "Decision saved",
      completed: "Completed date saved",
    }[data.intent];
    if (data.ok) toast({ title: done, tone: "success" });
    else toast({ title: "Not saved", message: data.error ?? undefined, tone: "error" });
  }, [state, data, toast]);
  const submit = (change: AdverseActionChange) =>
    void fetcher.submit(change, { method: "post", action: adverseActionPath(type, id), encType: "application/json" });
  return { submit, busy: state !== "idle" };
}

/** "12 days left", "due today", "3 days overdue". */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft > 0) return `${daysLeft} day${daysLeft === 1 ? "" : "s"} left`;
  if (daysLeft === 0) return "due today";
  return `${-daysLeft} day${daysLeft === -1 ? "" : "s"} overdue`;
}

function NoticeTimeline({ state }: { state: AdverseActionState }) {
  if (state.noticeSentOn) return <p role="status">Notice sent on {formatCalendarDate(state.noticeSentOn)}.</p>;
  if (!state.decidedOn || !state.dueOn) return null;
  const daysLeft = noticeDaysLeft(state.completedOn, dayInTimeZone(new Date(), brand.timeZone));
  return (
    <p role="status" className={daysLeft < 0 ? "font-semibold text-red-800" : undefined}>
      Application received {formatCalendarDate(state.receivedOn)}, complete {formatCalendarDate(state.completedOn)};
      declined on {formatCalendarDate(state.decidedOn)}; the notice is due by {formatCalendarDate(state.dueOn)} (
      {daysLeftText(daysLeft)}).
    </p>
  );
}

/** The day the application was complete (the day it was received until staff say otherwise): the notice's 30 days run from it. */
function CompletedOnForm({
  state,
  onSave,
  busy,
}: {
  state: AdverseActionState;
  onSave: (completedOn: string) => void;
  busy: boolean;
}) {
  const form = useSchemaForm(completedOnRequest, { completedOn: state.completedOn });
  if (state.noticeSentOn) return null;
  return (
    <Form
      noValidate
      aria-label="Application complete"
      className="mt-3 flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const values = form.validate();
        if (values) onSave(values.completedOn);
      }}
    >
      <TextField
        label="Application complete on"
        type="date"
        max={dayInTimeZone(new Date(), brand.timeZone)}
        min={state.receivedOn}
        help={`The notice is due ${noticeDeadlineDays} days after this day (12 CFR 1002.9(a)(1)).`}
        {...form.text("completedOn")}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        Save date
      </Button>
    </Form>
  );
}

function NoticeContentForm({
  state,
  onSave,
  busy,
}: {
  state: AdverseActionState;
  onSave: (values: NoticeContentRequest) => void;
  busy: boolean;
}) {
  const chosen = state.content?.reasons ?? [];
  const form = useSchemaForm(noticeContentForm, {
    statement: state.content?.statement ?? "reasons",
    otherReason: state.content?.otherReason ?? "",
    ...(Object.fromEntries(adverseActionReasons.map((reason) => [reason.code, chosen.includes(reason.code)])) as Record<
      AdverseActionReasonCode,
      boolean
    >),
  });
  const sent = state.noticeSentOn !== null;
  return (
    <Form
      noValidate
      aria-label="Notice content"
      className="mt-4"
      onSubmit={(event) => {
        event.preventDefault();
        const values = form.validate();
        if (values) onSave(values);
      }}
    >
      <RadioGroup
        legend="The notice gives"
        name="statement"
        options={statementOptions}
        value={String(form.values.statement)}
        onChange={(value) => form.setValue("statement", value)}
      />
      {form.values.statement === "reasons" ? (
        <fieldset className="mt-4">
          <legend className="font-medium">Principal reasons</legend>
          <div className="mt-2 grid gap-2 md:grid-cols-2">
            {adverseActionReasons.map((reason) => (
              <Checkbox key={reason.code} label={reason.label} disabled={sent} {...form.checkbox(reason.code)} />
            ))}
          </div>
          <TextareaField
            className="mt-4"
            label="Other reason (your own words)"
            rows={2}
            disabled={sent}
            {...form.text("otherReason")}
          />
          {form.errors.reasons ? <Alert className="mt-2">{form.errors.reasons}</Alert> : null}
        </fieldset>
      ) : null}
      {sent ? null : (
        <Button type="submit" className="mt-4" disabled={busy}>
          Save reasons
        </Button>
      )}
    </Form>
  );
}

/**
 * Where the notice goes and where that address came from; when there is none usable (none on file,
 * or a vendor's or staff login: docs/product-rules.md#r30-never-to-a-users-address), why, and a field for the
 * applicant's address.
 */
function NoticeRecipient({
  state,
  onEnter,
  busy,
}: {
  state: AdverseActionState;
  onEnter: (email: string) => void;
  busy: boolean;
}) {
  const form = useSchemaForm(noticeRecipientRequest, {
    email: state.recipientSource === "staff" ? state.recipient : "",
  });
  const canEnter = !state.noticeSentOn && (state.recipientProblem !== null || state.recipientSource === "staff");
  return (
    <div className="mt-4">
      {state.recipient && state.recipientSource ? (
        <p>
          {state.noticeSentOn ? "Sent to" : "Sends to"} <strong className="break-all">{state.recipient}</strong> (
          {noticeRecipientSourceLabels[state.recipientSource]}).
        </p>
      ) : null}
      {state.recipientProblem ? <Alert className="mt-2">{state.recipientProblem}</Alert> : null}
      {canEnter ? (
        <Form
          noValidate
          aria-label="Applicant's e-mail for the notice"
          className="mt-2 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const values = form.validate();
            if (values) onEnter(values.email);
          }}
        >
          <TextField label="Applicant's e-mail" type="email" autoComplete="off" {...form.text("email")} />
          <Button type="submit" variant="secondary" disabled={busy}>
            Use this address
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** The adverse-action notice of a declined deal or application (12 CFR 1002.9): reasons, preview, send. */
export function AdverseActionSection({ state }: { state: AdverseActionState }) {
  const { submit, busy } = useAdverseActionChange(state.type, state.id);
  const [confirming, setConfirming] = useState(false);
  if (!state.declined) return null;
  const ready = state.content !== null;
  return (
    <section aria-labelledby="adverse-action-heading" className="mt-8 rounded-lg border border-slate-300 p-4">
      <h2 id="adverse-action-heading" className="text-xl font-semibold">
        Adverse-action notice
      </h2>
      <NoticeTimeline state={state} />
      <NoticeRecipient
        key={state.recipient}
        state={state}
        busy={busy}
        onEnter={(email) => submit({ intent: "recipient", email })}
      />
      <CompletedOnForm
        key={state.completedOn}
        state={state}
        busy={busy}
        onSave={(completedOn) => submit({ intent: "completed", completedOn })}
      />
      <NoticeContentForm
        key={JSON.stringify(state.content)}
        state={state}
        busy={busy}
        onSave={(content) => submit({ intent: "save", content })}
      />
      <div className="mt-4 flex flex-wrap gap-3">
        {ready ? (
          <a
            className={buttonClass("secondary")}
            href={downloadUrl(previewNotice, { params: { type: state.type, id: state.id } })}
            download
          >
            Preview notice
          </a>
        ) : (
          <p className="text-sm text-slate-700">
            Save the reasons (or the right-to-request statement) to preview and send the notice.
          </p>
        )}
        {ready && !state.noticeSentOn ? (
          <Button onClick={() => setConfirming(true)} disabled={busy || !state.recipient}>
            Send notice
          </Button>
        ) : null}
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Send the notice?" role="alertdialog">
        <p>
          The notice PDF will be e-mailed to <strong className="break-all">{state.recipient}</strong> and today recorded
          as the date it was sent. It cannot be sent twice.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button
            onClick={() => {
              setConfirming(false);
              submit({ intent: "send" });
            }}
          >
            Send the notice
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
