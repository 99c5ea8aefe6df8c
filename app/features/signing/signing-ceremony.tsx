import { useLayoutEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { signingIntentStatement } from "#domain/signing/esign-disclosure.ts";
import { signerMessages } from "#domain/signing/signer-access.ts";
import {
  downloadSignerDocument,
  type AdoptedSignatureInput,
  type SignerCeremony,
  type SignerDocument,
} from "#domain/signing/signer-contracts.ts";
import { dateTimeFormat } from "#domain/site/date-time-format.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { downloadUrl } from "../../lib/call.ts";
import { brand } from "../../lib/public-config.ts";
import { DeclineToSign } from "./decline-to-sign.tsx";
import { DocumentPages, type SignerMarks } from "./document-pages.tsx";
import { EsignConsent } from "./esign-disclosure-view.tsx";
import { SignatureAdoption } from "./signature-adoption.tsx";
import { SignatureMark } from "./signature-mark.tsx";
import type { SignerActionResult } from "./signer-action.ts";

const when = (iso: string) =>
  dateTimeFormat("en-US", {
    timeZone: brand.timeZone,
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
const day = (iso: string) =>
  dateTimeFormat("en-US", { timeZone: brand.timeZone, month: "2-digit", day: "2-digit", year: "numeric" }).format(
    new Date(iso),
  );

/** One document: its status, a PDF copy, its pages, and (in the signer's turn) the intent statement and its Sign button. */
function DocumentCard({
  document,
  canSign,
  signature,
  serverAdopted,
  onNeedSignature,
}: {
  document: SignerDocument;
  canSign: boolean;
  signature: AdoptedSignatureInput | null;
  serverAdopted: boolean;
  onNeedSignature: () => void;
}) {
  const fetcher = useFetcher<SignerActionResult>();
  const [missing, setMissing] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  const wasSigned = useRef(document.signedAt !== null);
  // The Sign button goes once the document is signed: focus moves to its new status, not to the page's top.
  useLayoutEffect(() => {
    if (document.signedAt && !wasSigned.current) status.current?.focus();
    wasSigned.current = document.signedAt !== null;
  }, [document.signedAt]);
  const problem = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const titleId = `document-${document.id}-title`;
  const intentId = `document-${document.id}-intent`;
  const marks: SignerMarks | null = signature
    ? {
        name: signature.name,
        initials: signature.initials,
        drawnPng: signature.drawnPng ?? null,
        signedOn: document.signedAt ? day(document.signedAt) : null,
      }
    : null;
  const sign = () => {
    if (!signature) {
      setMissing(true);
      onNeedSignature();
      return;
    }
    setMissing(false);
    void fetcher.submit(
      { intent: "sign", documentId: document.id, signature: serverAdopted ? null : signature },
      { method: "post", encType: "application/json" },
    );
  };
  return (
    <li aria-labelledby={titleId} className="rounded-md border border-slate-300 bg-slate-50 p-4">
      <h3 id={titleId} className="text-xl font-semibold text-brand-900">
        {document.title}
      </h3>
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        className={`mt-1 font-medium ${document.signedAt ? "text-green-800" : "text-slate-800"}`}
      >
        {document.signedAt ? `Signed on ${when(document.signedAt)}` : "Not signed yet"}
      </p>
      <a
        href={downloadUrl(downloadSignerDocument, { params: { documentId: document.id } })}
        download
        className={buttonClass("secondary", "mt-3")}
      >
        Download PDF<span className="sr-only"> of {document.title}</span>
      </a>
      <DocumentPages documentId={document.id} pages={document.pages} fields={document.fields} marks={marks} />
      {canSign && !document.signedAt ? (
        <div className="mt-4 space-y-3 rounded-md border-l-4 border-brand-600 bg-white p-4">
          <p id={intentId}>{signingIntentStatement(document.title)}</p>
          {missing ? <Alert inline>{signerMessages.adoptFirst}</Alert> : null}
          <Alert live>{problem}</Alert>
          <Button aria-describedby={intentId} disabled={fetcher.state !== "idle"} onClick={sign}>
            {fetcher.state !== "idle" ? "Signing…" : `Sign ${document.title}`}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The signing ceremony once the code opened it (docs/product-rules.md#r57-documents-and-e-signature): the
 * ESIGN disclosure and consent first; then the signature to adopt and the signer's own documents, each
 * read page by page and signed by its own button under the intent statement; decline at any time.
 */
export function SigningCeremony({ ceremony, footer }: { ceremony: SignerCeremony; footer?: React.ReactNode }) {
  const [pending, setPending] = useState<AdoptedSignatureInput | null>(null);
  const documentsHeading = useRef<HTMLHeadingElement>(null);
  const consented = ceremony.consentedAt !== null;
  const wasConsented = useRef(consented);
  // "Agree and continue" goes once agreed: focus moves to the documents that replace the disclosure.
  useLayoutEffect(() => {
    if (consented && !wasConsented.current) documentsHeading.current?.focus();
    wasConsented.current = consented;
  }, [consented]);
  const [changing, setChanging] = useState(false);
  const adoptionHeading = useRef<HTMLHeadingElement>(null);
  const serverAdopted = ceremony.adopted
    ? {
        kind: ceremony.adopted.kind,
        name: ceremony.adopted.name,
        initials: ceremony.adopted.initials,
        ...(ceremony.adopted.drawnPng ? { drawnPng: ceremony.adopted.drawnPng } : {}),
      }
    : null;
  const signature = serverAdopted ?? (changing ? null : pending);
  const documents = ceremony.documents ?? [];
  const allSigned = ceremony.signedAt !== null || (documents.length > 0 && documents.every((each) => each.signedAt));
  const canSign = ceremony.yourTurn && ceremony.status === "sent";
  return (
    <div className="mt-4">
      {ceremony.inPerson ? (
        <p className="rounded-md bg-brand-900 p-3 font-semibold text-white">
          Signing in person at {ceremony.inPerson.dealerName}
        </p>
      ) : null}
      <p className="mt-4 text-lg">
        {ceremony.signerName}, {ceremony.lenderName} sent you documents to sign for {ceremony.businessName}.
      </p>
      {ceremony.message ? (
        <Alert tone="info" className="mt-4">
          {ceremony.message}
        </Alert>
      ) : null}
      {allSigned ? (
        <Alert tone="success" className="mt-4">
          You have signed every document. We will e-mail you the signed copies when everyone has signed.
        </Alert>
      ) : null}
      {ceremony.consentedAt === null ? (
        <EsignConsent />
      ) : (
        <>
          {canSign && !allSigned ? (
            <section aria-labelledby="adopt-heading" className="mt-6 rounded-md border border-slate-300 p-4">
              <h2 id="adopt-heading" ref={adoptionHeading} tabIndex={-1} className="text-2xl font-bold text-brand-900">
                Your signature
              </h2>
              {signature ? (
                <div className="mt-3 space-y-3">
                  <p>This is how your signature and initials will appear on the documents.</p>
                  <div className="flex flex-wrap items-end gap-6 rounded-md border border-slate-300 bg-white p-3">
                    <SignatureMark text={signature.name} drawnPng={signature.drawnPng} label="Your signature" />
                    <SignatureMark text={signature.initials} label="Your initials" size="small" />
                  </div>
                  {serverAdopted ? null : (
                    <Button variant="secondary" onClick={() => setChanging(true)}>
                      Change my signature
                    </Button>
                  )}
                </div>
              ) : (
                <SignatureAdoption
                  signerName={ceremony.signerName}
                  initial={pending}
                  onAdopt={(adopted) => {
                    setPending(adopted);
                    setChanging(false);
                  }}
                />
              )}
            </section>
          ) : null}
          <section aria-labelledby="documents-heading" className="mt-6">
            <h2
              id="documents-heading"
              ref={documentsHeading}
              tabIndex={-1}
              className="text-2xl font-bold text-brand-900"
            >
              Your documents
            </h2>
            <p className="mt-1">
              Read every page. Sign each document with its own button; you can download a copy of each.
            </p>
            <ol className="mt-4 space-y-6">
              {documents.map((document) => (
                <DocumentCard
                  key={document.id}
                  document={document}
                  canSign={canSign}
                  signature={signature}
                  serverAdopted={serverAdopted !== null}
                  onNeedSignature={() => adoptionHeading.current?.focus()}
                />
              ))}
            </ol>
          </section>
        </>
      )}
      <div className="mt-10 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        {ceremony.status === "sent" && ceremony.signedAt === null ? (
          <DeclineToSign lenderName={ceremony.lenderName} />
        ) : null}
        {footer}
      </div>
      <p className="mt-3 text-sm text-slate-700">
        For your privacy this page closes at {when(ceremony.sessionEndsAt)}. Questions? Call us at {brand.phone}.
      </p>
    </div>
  );
}
