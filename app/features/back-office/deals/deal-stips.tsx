import { useState } from "react";
import { useFetcher } from "react-router";
import { downloadBackOfficeDocument } from "#domain/deals/back-office-contracts.ts";
import {
  blankStipRequest,
  requestStipsInput,
  reviewStipInput,
  type DealStips,
  type StaffStip,
} from "#domain/stips/contracts.ts";
import { labelOf } from "#domain/funders/funder-terms.ts";
import { stipSatisfiers, stipStatusLabel, type StipReview } from "#domain/stips/stip-rules.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { TextareaField } from "../../../components/ui/textarea-field.tsx";
import { useToast } from "../../../components/ui/toast.tsx";
import { downloadUrl } from "../../../lib/call.ts";
import { useConfirmedDownload } from "../../auth/confirm-identity.tsx";

/** What the Stips section posts to the deal route's action (form-encoded, field `intent`). */
export const stipIntents = { request: "request-stips", review: "review-stip" } as const;

export type StipActionResult = { intent: "stips"; ok: boolean; message: string };

const when = (iso: string) => new Date(iso).toLocaleString("en-US");

/** Accept a received stip, or reject or waive one with the reason the dealer reads. */
function ReviewStip({ stip }: { stip: StaffStip }) {
  const fetcher = useFetcher<StipActionResult>();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const review = (choice: StipReview) => {
    const checked = reviewStipInput.safeParse({ review: choice, reason });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    setError(undefined);
    void fetcher.submit({ intent: stipIntents.review, stipId: stip.id, review: choice, reason }, { method: "post" });
  };
  const busy = fetcher.state !== "idle";
  return (
    <Form aria-label={`Review ${stip.name}`} onSubmit={(event) => event.preventDefault()} className="mt-3 space-y-2">
      <TextareaField
        label={`Reason (${stip.name})`}
        help="Needed to reject or waive: the dealer reads a rejection's reason."
        value={reason}
        error={error}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        {stip.status === "received" ? (
          <>
            <Button type="button" disabled={busy} onClick={() => review("accept")}>
              Accept
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => review("reject")}>
              Reject
            </Button>
          </>
        ) : null}
        <Button type="button" variant="secondary" disabled={busy} onClick={() => review("waive")}>
          Waive
        </Button>
      </div>
      {result && !result.ok ? <Alert>{result.message}</Alert> : null}
    </Form>
  );
}

/** Request stips: the catalog's, the ones its rules pick for this deal marked, or one in staff's own words. */
function RequestStips({ catalog, asked }: { catalog: DealStips["catalog"]; asked: ReadonlySet<string> }) {
  const fetcher = useFetcher<StipActionResult>();
  const [kinds, setKinds] = useState<Set<string>>(() => new Set());
  const [values, setValues] = useState(blankStipRequest);
  const [error, setError] = useState<string | undefined>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const offered = catalog.filter((kind) => !asked.has(kind.name.toLowerCase()));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { ...values, kinds: [...kinds] };
    const checked = requestStipsInput.safeParse(input);
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    setError(undefined);
    void fetcher.submit({ intent: stipIntents.request, ...values, kinds: input.kinds.join(",") }, { method: "post" });
    setKinds(new Set());
    setValues(blankStipRequest);
  };
  return (
    <Form noValidate aria-label="Request stips" onSubmit={submit} className="mt-3 space-y-3">
      {offered.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="font-medium">From the catalog</legend>
          {offered.map((kind) => (
            <Checkbox
              key={kind.id}
              label={`${kind.name} (${labelOf(stipSatisfiers, kind.satisfiedBy)})${kind.suggested ? ", suggested for this deal" : ""}`}
              checked={kinds.has(kind.id)}
              onChange={(event) => {
                const next = new Set(kinds);
                if (event.target.checked) next.add(kind.id);
                else next.delete(kind.id);
                setKinds(next);
              }}
            />
          ))}
        </fieldset>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Or a stip in your own words"
          value={values.name}
          error={error}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
        />
        <SelectField
          label="Who sends it"
          options={stipSatisfiers}
          value={values.satisfiedBy}
          onChange={(event) =>
            setValues({ ...values, satisfiedBy: event.target.value as typeof blankStipRequest.satisfiedBy })
          }
        />
      </div>
      <TextareaField
        label="What exactly to send"
        value={values.description}
        onChange={(event) => setValues({ ...values, description: event.target.value })}
      />
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        Request stips
      </Button>
      {result && !result.ok ? <Alert>{result.message}</Alert> : null}
    </Form>
  );
}

/**
 * The deal's stipulations (docs/product-rules.md#r55-stipulations): each with who sends it, where it
 * stands, its files and steps; staff review the received ones and request more.
 */
export function DealStipsSection({ stips }: { stips: DealStips }) {
  const toast = useToast();
  const download = useConfirmedDownload((message) =>
    toast({ title: "The document was not downloaded", message, tone: "error" }),
  );
  const open = stips.stips.filter((stip) => stip.status === "requested" || stip.status === "rejected").length;
  const toReview = stips.stips.filter((stip) => stip.status === "received").length;
  return (
    <section id="stips" aria-labelledby="deal-stips-heading" className="mt-8">
      <h2 id="deal-stips-heading" className="text-xl font-semibold">
        Stips
      </h2>
      <p className="mt-1 font-medium">
        {stips.stips.length === 0
          ? "No stips asked."
          : stips.readyForDocuments
            ? "Ready for documents: every stip is accepted or waived."
            : `${open} waiting for the dealer or applicant, ${toReview} to review.`}
      </p>
      {stips.stips.map((stip) => (
        <article key={stip.id} aria-label={stip.name} className="mt-4 rounded border border-slate-300 p-4">
          <h3 className="text-lg font-semibold">{stip.name}</h3>
          <p>
            {stipStatusLabel(stip.status)} · sent by the {labelOf(stipSatisfiers, stip.satisfiedBy).toLowerCase()}
            {stip.receivedAt ? ` · received ${when(stip.receivedAt)}` : ""}
          </p>
          {stip.description ? <p className="text-slate-700">{stip.description}</p> : null}
          {stip.reason ? <p>Reason: {stip.reason}</p> : null}
          {stip.files.length > 0 ? (
            <ul aria-label={`Files of ${stip.name}`} className="mt-1 list-disc pl-5">
              {stip.files.map((file) => (
                <li key={file.id}>
                  <a
                    href={downloadUrl(downloadBackOfficeDocument, { params: { id: file.id } })}
                    onClick={download.onClick}
                    className="text-brand-700 underline"
                  >
                    {file.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <ol aria-label={`Steps of ${stip.name}`} className="mt-2 space-y-1 text-sm text-slate-700">
            {stip.steps.map((step, index) => (
              <li key={index}>
                {when(step.at)}, {step.by}: {stipStatusLabel(step.status).toLowerCase()}
                {step.note ? ` (${step.note})` : ""}
              </li>
            ))}
          </ol>
          {stip.status !== "accepted" && stip.status !== "waived" ? (
            <ReviewStip key={stip.steps.length} stip={stip} />
          ) : null}
        </article>
      ))}
      <h3 className="mt-6 text-lg font-semibold">Request stips</h3>
      <RequestStips
        key={stips.stips.length}
        catalog={stips.catalog}
        asked={new Set(stips.stips.map((stip) => stip.name.toLowerCase()))}
      />
    </section>
  );
}
