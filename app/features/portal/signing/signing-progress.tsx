import { Link } from "react-router";
import { packageStatusLabels, signerStatusLabels, type DealerSigningPackage } from "#domain/signing/package-status.ts";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US") : null);

/**
 * The deal's documents for signature as the dealer follows them (docs/product-rules.md#r57-documents-and-e-signature):
 * where the package stands, each document, each signer's step; a signer still to sign can sign in
 * person on the dealer's device, confirming a code sent to their own e-mail.
 */
export function SigningProgress({ dealId, signing }: { dealId: string; signing: DealerSigningPackage }) {
  return (
    <section id="documents-for-signature" aria-labelledby="signing-heading" className="mt-8">
      <h2 id="signing-heading" className="text-xl font-semibold">
        Documents for signature
      </h2>
      <p className="mt-1 font-medium">
        {packageStatusLabels[signing.status]}
        {signing.sentAt ? ` · sent ${when(signing.sentAt)}` : ""}
        {signing.status === "sent" && signing.expiresAt ? ` · signatures due by ${when(signing.expiresAt)}` : ""}
        {signing.completedAt ? ` · completed ${when(signing.completedAt)}` : ""}
      </p>
      {signing.endedReason ? <p>{signing.endedReason}</p> : null}
      <h3 className="mt-3 font-semibold">Documents</h3>
      <ul className="mt-1 list-disc pl-5">
        {signing.documents.map((document) => (
          <li key={document.id}>
            {document.title}: {document.signedAt ? `signed ${when(document.signedAt)}` : "not signed yet"}
          </li>
        ))}
      </ul>
      <h3 className="mt-3 font-semibold">Signers</h3>
      <ul className="mt-1 space-y-2">
        {signing.signers.map((signer) => (
          <li key={signer.id}>
            <span className="font-medium">{signer.name}</span>: {signerStatusLabels[signer.status]}
            {signer.inPerson ? " (in person)" : ""}
            {signing.status === "sent" && signer.status !== "signed" && signer.status !== "declined" ? (
              <>
                {" "}
                <Link to={`/portal/deals/${dealId}/sign-in-person/${signer.id}`} className="text-brand-700 underline">
                  Sign in person with {signer.name}
                </Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {signing.status === "completed" ? (
        <p className="mt-2">
          The signed and sealed documents are in this deal&apos;s documents and were e-mailed to you.
        </p>
      ) : null}
    </section>
  );
}
