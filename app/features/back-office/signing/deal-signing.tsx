import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { downloadBackOfficeDocument } from "#domain/deals/back-office-contracts.ts";
import {
  downloadSigningDocument,
  generatePackageInput,
  voidPackageInput,
  type DealSigning,
  type StaffSigningPackage,
} from "#domain/signing/back-office-contracts.ts";
import { packageStatusLabels, signerStatusLabels } from "#domain/signing/package-status.ts";
import type { SignerInput } from "#domain/signing/package-rules.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { TextareaField } from "../../../components/ui/textarea-field.tsx";
import { useToast } from "../../../components/ui/toast.tsx";
import { downloadUrl } from "../../../lib/call.ts";
import { useConfirmedDownload } from "../../auth/confirm-identity.tsx";

/** What the section posts to the deal route's action (form-encoded, field `intent`). */
export const signingIntents = {
  generate: "generate-package",
  send: "send-package",
  void: "void-package",
  resend: "resend-signing-request",
} as const;

export type SigningActionResult = { intent: "signing"; ok: boolean; message: string };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US") : "—");

const blankSigner: SignerInput = { name: "", email: "", title: "", signsForBusiness: false, guarantor: true };

/** The signers and the package's choices, then "Generate documents" (a draft staff preview before sending). */
function GeneratePackage({ suggested }: { suggested: SignerInput[] }) {
  const fetcher = useFetcher<SigningActionResult>();
  const [signers, setSigners] = useState<SignerInput[]>(suggested.length ? suggested : [{ ...blankSigner }]);
  const [inOrder, setInOrder] = useState(false);
  const [lease, setLease] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const change = (index: number, patch: Partial<SignerInput>) =>
    setSigners(signers.map((signer, at) => (at === index ? { ...signer, ...patch } : signer)));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = generatePackageInput.safeParse({ signers, inOrder, lease });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join("."), issue.message])));
      return;
    }
    setErrors({});
    void fetcher.submit(
      { intent: signingIntents.generate, signers: JSON.stringify(checked.data.signers), inOrder, lease },
      { method: "post" },
    );
  };
  return (
    <Form noValidate aria-label="Generate documents" onSubmit={submit} className="mt-3 space-y-4">
      {signers.map((signer, index) => (
        <fieldset key={index} className="rounded border border-slate-300 p-3">
          <legend className="px-1 font-medium">Signer {index + 1}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label={`Full name (signer ${index + 1})`}
              value={signer.name}
              error={errors[`signers.${index}.name`]}
              onChange={(event) => change(index, { name: event.target.value })}
            />
            <TextField
              label={`E-mail (signer ${index + 1})`}
              type="email"
              value={signer.email}
              error={errors[`signers.${index}.email`]}
              onChange={(event) => change(index, { email: event.target.value })}
            />
            <TextField
              label={`Title (signer ${index + 1})`}
              value={signer.title}
              error={errors[`signers.${index}.title`]}
              onChange={(event) => change(index, { title: event.target.value })}
            />
          </div>
          <div className="mt-2 flex flex-wrap gap-4">
            <Checkbox
              label="Signs for the business"
              checked={signer.signsForBusiness}
              onChange={(event) => change(index, { signsForBusiness: event.target.checked })}
            />
            <Checkbox
              label="Personal guarantor"
              checked={signer.guarantor}
              onChange={(event) => change(index, { guarantor: event.target.checked })}
            />
            {signers.length > 1 ? (
              <Button
                type="button"
                variant="secondary"
                onClick={() => setSigners(signers.filter((_, at) => at !== index))}
              >
                Remove signer {index + 1}
              </Button>
            ) : null}
          </div>
        </fieldset>
      ))}
      {errors.signers ? <Alert>{errors.signers}</Alert> : null}
      <Button type="button" variant="secondary" onClick={() => setSigners([...signers, { ...blankSigner }])}>
        Add a signer
      </Button>
      <Checkbox
        label="Signers sign in order (each is asked when the one before has signed)"
        checked={inOrder}
        onChange={(event) => setInOrder(event.target.checked)}
      />
      <Checkbox
        label="A lease agreement instead of the equipment finance agreement"
        checked={lease}
        onChange={(event) => setLease(event.target.checked)}
      />
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        Generate documents
      </Button>
      {result && !result.ok ? <Alert>{result.message}</Alert> : null}
    </Form>
  );
}

/** Void with the reason staff give (the signers are told it was withdrawn, not why). */
function VoidPackage({ signing }: { signing: StaffSigningPackage }) {
  const fetcher = useFetcher<SigningActionResult>();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = voidPackageInput.safeParse({ reason });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    setError(undefined);
    void fetcher.submit({ intent: signingIntents.void, packageId: signing.id, reason }, { method: "post" });
  };
  return (
    <Form noValidate aria-label="Void the documents" onSubmit={submit} className="mt-3 space-y-2">
      <TextareaField
        label="Why are they voided?"
        help="Kept in the deal's history; the signers only hear that the documents were withdrawn."
        value={reason}
        error={error}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
        {signing.status === "draft" ? "Discard the draft" : "Void the documents"}
      </Button>
      {result && !result.ok ? <Alert>{result.message}</Alert> : null}
    </Form>
  );
}

function PackageActions({ signing }: { signing: StaffSigningPackage }) {
  const fetcher = useFetcher<SigningActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <div className="mt-3">
      {signing.status === "draft" ? (
        <Button
          type="button"
          disabled={busy}
          onClick={() =>
            void fetcher.submit({ intent: signingIntents.send, packageId: signing.id }, { method: "post" })
          }
        >
          Send for signature
        </Button>
      ) : null}
      {result && !result.ok ? <Alert>{result.message}</Alert> : null}
      <VoidPackage signing={signing} />
    </div>
  );
}

function ResendLink({
  signing,
  signer,
}: {
  signing: StaffSigningPackage;
  signer: StaffSigningPackage["signers"][number];
}) {
  const fetcher = useFetcher<SigningActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        disabled={fetcher.state !== "idle"}
        onClick={() =>
          void fetcher.submit(
            { intent: signingIntents.resend, packageId: signing.id, signerId: signer.id },
            { method: "post" },
          )
        }
      >
        Send {signer.name} a new link
      </Button>
      {result ? result.ok ? <p role="status">Sent.</p> : <Alert>{result.message}</Alert> : null}
    </>
  );
}

function PackageCard({ signing, current }: { signing: StaffSigningPackage; current: boolean }) {
  const toast = useToast();
  const download = useConfirmedDownload((message) =>
    toast({ title: "The document was not downloaded", message, tone: "error" }),
  );
  const signerName = (id: string) => signing.signers.find((signer) => signer.id === id)?.name ?? "";
  const open = signing.status === "draft" || signing.status === "sent";
  return (
    <article aria-label={`Package of ${when(signing.createdAt)}`} className="mt-4 rounded border border-slate-300 p-4">
      <h3 className="text-lg font-semibold">{packageStatusLabels[signing.status]}</h3>
      <p className="text-slate-700">
        Generated {when(signing.createdAt)} by {signing.createdBy}
        {signing.sentAt ? ` · sent ${when(signing.sentAt)}` : ""}
        {signing.expiresAt && signing.status === "sent" ? ` · expires ${when(signing.expiresAt)}` : ""}
        {signing.completedAt ? ` · completed ${when(signing.completedAt)}` : ""}
        {signing.inOrder ? " · signers sign in order" : ""}
      </p>
      {signing.endedReason ? <p>Reason: {signing.endedReason}</p> : null}
      <h4 className="mt-3 font-semibold">Documents</h4>
      <ul className="mt-1 space-y-1">
        {signing.documents.map((document) => (
          <li key={document.id}>
            {document.title} ({document.pageCount} {document.pageCount === 1 ? "page" : "pages"}, template version{" "}
            {document.templateVersion}) · signed by {signerName(document.signerId)}
            {document.signedAt ? ` on ${when(document.signedAt)}` : ": not yet"} ·{" "}
            <Link to={`/back-office/signing-documents/${document.id}`} className="text-brand-700 underline">
              Preview {document.title}
            </Link>{" "}
            ·{" "}
            <a
              href={downloadUrl(downloadSigningDocument, { params: { id: document.id } })}
              className="text-brand-700 underline"
            >
              PDF of {document.title}
            </a>
          </li>
        ))}
      </ul>
      <h4 className="mt-3 font-semibold">Signers</h4>
      <ul className="mt-1 space-y-2">
        {signing.signers.map((signer) => (
          <li key={signer.id}>
            <span className="font-medium">{signer.name}</span> ({signer.email}
            {signer.title ? `, ${signer.title}` : ""}):{" "}
            {[signer.signsForBusiness ? "signs for the business" : "", signer.guarantor ? "guarantor" : ""]
              .filter(Boolean)
              .join(", ")}{" "}
            · <strong>{signerStatusLabels[signer.status]}</strong>
            {signer.inPerson ? " (in person at the dealer)" : ""}
            {signer.declineReason ? ` · "${signer.declineReason}"` : ""}
            <br />
            <span className="text-sm text-slate-700">
              Asked {when(signer.notifiedAt)} · code confirmed {when(signer.codeVerifiedAt)} · consent{" "}
              {when(signer.consentedAt)} · signed {when(signer.signedAt)} · reminders {signer.remindersSent}
            </span>
            {signing.status === "sent" &&
            (signer.status === "sent" || signer.status === "opened" || signer.status === "waiting") ? (
              <div className="mt-1">
                <ResendLink signing={signing} signer={signer} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {signing.sealedFiles.length > 0 ? (
        <>
          <h4 className="mt-3 font-semibold">Signed and sealed files</h4>
          <ul className="mt-1 space-y-1">
            {signing.sealedFiles.map((file) => (
              <li key={file.id}>
                {file.dealDocumentId ? (
                  <a
                    href={downloadUrl(downloadBackOfficeDocument, { params: { id: file.dealDocumentId } })}
                    onClick={download.onClick}
                    className="text-brand-700 underline"
                  >
                    {file.title}
                  </a>
                ) : (
                  file.title
                )}{" "}
                <span className="break-all text-sm text-slate-700">SHA-256 {file.sha256}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <details className="mt-3">
        <summary className="cursor-pointer font-medium">Every step ({signing.events.length})</summary>
        <ol className="mt-1 space-y-1 text-sm text-slate-700">
          {signing.events.map((event, index) => (
            <li key={index}>
              {when(event.at)}, {event.who}: {event.kind}
              {event.detail ? ` (${event.detail})` : ""}
            </li>
          ))}
        </ol>
      </details>
      {current && open ? <PackageActions signing={signing} /> : null}
    </article>
  );
}

/**
 * The deal's documents for signature (docs/product-rules.md#r57-documents-and-e-signature): generate the
 * package for the signers, preview it, send it, follow each signer, void or send a new link.
 */
export function DealSigningSection({ signing }: { signing: DealSigning }) {
  return (
    <section id="documents-for-signature" aria-labelledby="deal-signing-heading" className="mt-8">
      <h2 id="deal-signing-heading" className="text-xl font-semibold">
        Documents for signature
      </h2>
      {signing.generationProblem ? (
        <p className="mt-1">{signing.generationProblem}</p>
      ) : (
        <>
          <p className="mt-1">Ready: set the signers and generate the agreement package from the approval.</p>
          <GeneratePackage key={signing.packages.length} suggested={signing.suggestedSigners} />
        </>
      )}
      {signing.packages.map((each, index) => (
        <PackageCard key={each.id} signing={each} current={index === 0} />
      ))}
    </section>
  );
}
