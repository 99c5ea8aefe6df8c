import { Link } from "react-router";
import { downloadSigningDocument, previewSigningDocument } from "#domain/signing/back-office-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { DocumentPages } from "../features/signing/document-pages.tsx";
import { call, downloadUrl } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-signing-document";

export const meta = () => appPageMeta("Document preview");

export const clientLoader = ({ params, request }: Route.ClientLoaderArgs) =>
  call(previewSigningDocument, { params: { id: params.id } }, { signal: request.signal });

export const ErrorBoundary = RouteError;

/**
 * Every page of a package's document as generated, the way its signer reads it in the ceremony
 * (docs/product-rules.md#r57-documents-and-e-signature), with where they sign.
 */
export default function BackOfficeSigningDocument({ loaderData }: Route.ComponentProps) {
  const { id, title, dealId, pages, fields } = loaderData;
  return (
    <>
      <p>
        <Link to={`/back-office/deals/${dealId}#documents-for-signature`} className="text-brand-700 underline">
          Back to the deal
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-slate-700">
        {pages.length} {pages.length === 1 ? "page" : "pages"} ·{" "}
        <a href={downloadUrl(downloadSigningDocument, { params: { id } })} className="text-brand-700 underline">
          Download the PDF
        </a>
      </p>
      <DocumentPages documentId={id} pages={pages} fields={fields} marks={null} pageHeading="h2" />
    </>
  );
}
