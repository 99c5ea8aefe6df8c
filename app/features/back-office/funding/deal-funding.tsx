import { useState } from "react";
import { useFetcher } from "react-router";
import {
  fundingReasonInput,
  verificationInput,
  verificationItemFields,
  type DealFunding,
  type StaffFunding,
} from "#domain/funding/back-office-contracts.ts";
import { fundingStatusLabels, verificationItemLabels, verificationItems } from "#domain/funding/funding-shapes.ts";
import { earningsPayoutModeLabels } from "#domain/earnings/earnings-shapes.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { wallTimeInTimeZone } from "#domain/site/business-time.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { TextareaField } from "../../../components/ui/textarea-field.tsx";
import { brand } from "../../../lib/public-config.ts";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";
import { useConfirmIdentity } from "../../auth/confirm-identity.tsx";
import { FundingLines } from "../../funding/funding-lines.tsx";

/** What the section posts to the deal route's action (form-encoded, field `intent`). */
export const fundingIntents = {
  verify: "record-verification",
  prepare: "prepare-funding",
  approve: "approve-funding",
  reject: "reject-funding",
  cancel: "cancel-funding",
} as const;

export type FundingActionResult = {
  intent: "funding";
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
};

const usd = (cents: number) => formatUsd(cents / 100);
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US") : "—");

function RecordVerification({ funding }: { funding: DealFunding }) {
  const fetcher = useFetcher<FundingActionResult>();
  const form = useSchemaForm(verificationInput, {
    calledName: funding.verification?.calledName ?? "",
    calledPhone: funding.verification?.calledPhone ?? "",
    calledAt: wallTimeInTimeZone(new Date(), brand.timeZone),
    identity: false,
    equipmentReceived: false,
    paymentAndTerm: false,
    insurance: false,
    deliveryCertificateDocumentId: funding.verification?.deliveryCertificate.id ?? funding.suggestedCertificateId ?? "",
    note: "",
  });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const serverError = (field: string) => (result && !result.ok ? result.fieldErrors?.[field] : undefined);
  const text = (name: "calledName" | "calledPhone" | "calledAt" | "note") => {
    const field = form.text(name);
    return { ...field, error: field.error ?? serverError(name) };
  };
  const certificate = form.text("deliveryCertificateDocumentId");
  return (
    <Form
      noValidate
      aria-label="Record the verification call"
      className="mt-3 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        const values = form.validate();
        if (!values) return;
        void fetcher.submit(
          {
            intent: fundingIntents.verify,
            ...values,
          },
          { method: "post" },
        );
      }}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="Person called" autoComplete="off" {...text("calledName")} />
        <TextField label="Phone number called" type="tel" autoComplete="off" {...text("calledPhone")} />
        <TextField
          label="Date and time of the call"
          help={`Our time (${brand.timeZone.replace("_", " ")}).`}
          type="datetime-local"
          {...text("calledAt")}
        />
      </div>
      <fieldset>
        <legend className="font-medium">Confirmed on the call</legend>
        <div className="mt-1 space-y-1">
          {verificationItems.map((item) => (
            <Checkbox
              key={item}
              label={verificationItemLabels[item]}
              {...form.checkbox(verificationItemFields[item])}
            />
          ))}
        </div>
      </fieldset>
      <SelectField
        label="Signed delivery and acceptance certificate"
        options={[
          { value: "", label: "Choose a document" },
          ...funding.documents.map((doc) => ({ value: doc.id, label: doc.name })),
        ]}
        {...certificate}
        error={certificate.error ?? serverError("deliveryCertificateDocumentId")}
      />
      <TextareaField label="Note (optional)" rows={2} {...text("note")} />
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        Record verification call
      </Button>
      <Alert live>{result && !result.ok && !result.fieldErrors ? result.message : undefined}</Alert>
    </Form>
  );
}

/** A reason and a button: rejecting a funding, or cancelling a funded deal. */
function ReasonForm({
  intent,
  fundingId,
  label,
  button,
}: {
  intent: string;
  fundingId: string;
  label: string;
  button: string;
}) {
  const fetcher = useFetcher<FundingActionResult>();
  const form = useSchemaForm(fundingReasonInput, { reason: "" });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <Form
      noValidate
      aria-label={button}
      className="mt-2 flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const values = form.validate();
        if (values) void fetcher.submit({ intent, fundingId, reason: values.reason }, { method: "post" });
      }}
    >
      <TextField label={label} className="w-96 max-w-full" {...form.text("reason")} />
      <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
        {button}
      </Button>
      <Alert live className="basis-full">
        {result && !result.ok ? result.message : undefined}
      </Alert>
    </Form>
  );
}

function FundingCard({ funding }: { funding: StaffFunding }) {
  const fetcher = useFetcher<FundingActionResult>();
  const identity = useConfirmIdentity();
  const [problem, setProblem] = useState<string | undefined>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const approve = async () => {
    setProblem(undefined);
    try {
      if (await identity.confirmed())
        void fetcher.submit({ intent: fundingIntents.approve, fundingId: funding.id }, { method: "post" });
    } catch {
      setProblem("Something went wrong. Please try again.");
    }
  };
  return (
    <article aria-labelledby={`funding-${funding.id}`} className="mt-4 rounded border border-slate-300 p-3">
      <h3 id={`funding-${funding.id}`} className="text-lg font-semibold">
        Funding: {fundingStatusLabels[funding.status]}
        {funding.fundedOn ? ` (funded ${funding.fundedOn})` : ""}
      </h3>
      <FundingLines lines={funding.lines} caption={`Funding of ${usd(funding.amountCents)}, line by line`} />
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt>Amount financed</dt>
        <dd>{usd(funding.amountFinancedCents)}</dd>
        <dt>Prepared by</dt>
        <dd>
          {funding.preparedBy}, {when(funding.preparedAt)}
        </dd>
        {funding.decidedBy ? (
          <>
            <dt>{funding.status === "rejected" ? "Rejected by" : "Approved by"}</dt>
            <dd>
              {funding.decidedBy}, {when(funding.decidedAt)}
            </dd>
          </>
        ) : null}
        {funding.rejectReason ? (
          <>
            <dt>Reason</dt>
            <dd>{funding.rejectReason}</dd>
          </>
        ) : null}
        {funding.cancelledBy ? (
          <>
            <dt>Cancelled by</dt>
            <dd>
              {funding.cancelledBy}, {when(funding.cancelledAt)}: {funding.cancelReason}
            </dd>
          </>
        ) : null}
      </dl>
      {funding.status === "awaiting-approval" && !funding.canDecide ? (
        <p className="mt-2">You prepared this funding: a second staff member approves it.</p>
      ) : null}
      {funding.canDecide ? (
        <>
          <Button type="button" className="mt-3" disabled={fetcher.state !== "idle"} onClick={() => void approve()}>
            Approve funding of {usd(funding.amountCents)}
          </Button>
          <ReasonForm
            intent={fundingIntents.reject}
            fundingId={funding.id}
            label="Why reject it"
            button="Reject funding"
          />
        </>
      ) : null}
      {funding.status === "approved" ? (
        <ReasonForm
          intent={fundingIntents.cancel}
          fundingId={funding.id}
          label="Why the funded deal is cancelled"
          button="Cancel funded deal"
        />
      ) : null}
      <Alert live>{problem ?? (result && !result.ok ? result.message : undefined)}</Alert>
      {identity.dialog}
    </article>
  );
}

/**
 * Verification and funding (docs/product-rules.md#r58-verification-and-funding): the call that makes a
 * deal Verbal, the funding line by line, prepared by one staff member and approved by another.
 */
export function DealFundingSection({ funding }: { funding: DealFunding }) {
  const prepare = useFetcher<FundingActionResult>();
  const prepared = prepare.state === "idle" ? prepare.data : undefined;
  const verification = funding.verification;
  return (
    <section id="verification-and-funding" aria-labelledby="deal-funding-heading" className="mt-8">
      <h2 id="deal-funding-heading" className="text-xl font-semibold">
        Verification and funding
      </h2>
      {verification ? (
        <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Verification call</dt>
          <dd>
            {verification.calledName}, {verification.calledPhone}, {when(verification.calledAt)}
          </dd>
          <dt className="font-medium">Confirmed</dt>
          <dd>{verification.confirmedItems.map((item) => verificationItemLabels[item]).join("; ")}</dd>
          <dt className="font-medium">Delivery and acceptance</dt>
          <dd>{verification.deliveryCertificate.name}</dd>
          {verification.note ? (
            <>
              <dt className="font-medium">Note</dt>
              <dd>{verification.note}</dd>
            </>
          ) : null}
          <dt className="font-medium">Recorded by</dt>
          <dd>
            {verification.recordedBy}, {when(verification.recordedAt)}
          </dd>
        </dl>
      ) : (
        <p className="mt-2">{funding.verificationProblem ?? "No verification call recorded yet."}</p>
      )}
      {funding.verificationProblem === null ? <RecordVerification funding={funding} /> : null}
      {funding.preview ? (
        <div className="mt-4">
          <h3 className="text-lg font-semibold">Funding as it would be prepared now</h3>
          <FundingLines lines={funding.preview.lines} caption="The funding as it would be prepared now, line by line" />
          <p className="mt-2 text-sm">
            Dealer earnings: {funding.preview.earnings.tierLabel} at{" "}
            {(funding.preview.earnings.pointsBasisPoints / 100).toFixed(2)}% ={" "}
            {usd(funding.preview.earnings.earningsCents)} (trailing volume{" "}
            {usd(funding.preview.earnings.trailingVolumeCents)}; paid{" "}
            {earningsPayoutModeLabels[funding.preview.earnings.payout].toLowerCase()}).
          </p>
        </div>
      ) : null}
      {funding.preparationProblem ? (
        <p className="mt-3">{funding.preparationProblem}</p>
      ) : (
        <prepare.Form method="post" className="mt-3">
          <input type="hidden" name="intent" value={fundingIntents.prepare} />
          <Button type="submit" disabled={prepare.state !== "idle"}>
            Prepare funding
          </Button>
        </prepare.Form>
      )}
      <Alert live>{prepared && !prepared.ok ? prepared.message : undefined}</Alert>
      {funding.fundings.map((each) => (
        <FundingCard key={each.id} funding={each} />
      ))}
    </section>
  );
}
