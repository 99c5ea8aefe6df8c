import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { verifySealedFile, type VerifySealedFileResult } from "#domain/signing/verify-contracts.ts";
import { Alert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
import { Form } from "../components/ui/form.tsx";
import { RouteError } from "../components/ui/route-error.tsx";
import { ApiError, call, multipartForm } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-check-signed-file";

export const meta = () => appPageMeta("Check a signed file");

type CheckResult = { ok: true; result: VerifySealedFileResult } | { ok: false; error: string };

export async function clientAction({ request }: Route.ClientActionArgs): Promise<CheckResult> {
  try {
    const result = await call(verifySealedFile, { body: multipartForm(verifySealedFile, await request.formData()) });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: error.message };
    throw error;
  }
}

export const ErrorBoundary = RouteError;

/**
 * Staff check a PDF someone sent back (a funder, a customer, a court) against the signing record
 * (docs/product-rules.md#r57-documents-and-e-signature): valid, changed or unknown.
 */
export default function BackOfficeCheckSignedFile() {
  const fetcher = useFetcher<CheckResult>();
  const [problem, setProblem] = useState<string | null>(null);
  const data = fetcher.state === "idle" ? fetcher.data : undefined;
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return setProblem("Choose the PDF to check.");
    setProblem(null);
    void fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
  };
  return (
    <>
      <h1 className="text-2xl font-bold">Check a signed file</h1>
      <p className="mt-2 max-w-prose text-slate-700">
        Choose a PDF of a completed package (a signed document or its certificate of completion). We compare it with the
        file we sealed; the file is not kept.
      </p>
      <Form noValidate aria-label="Check a signed file" onSubmit={submit} className="mt-4 space-y-3">
        <div>
          <label htmlFor="signed-file" className="block font-medium">
            PDF to check
          </label>
          <input
            id="signed-file"
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            aria-describedby={problem ? "signed-file-problem" : undefined}
            className="mt-1 block min-h-11 max-w-full"
          />
          {problem ? (
            <Alert id="signed-file-problem" inline className="font-medium">
              {problem}
            </Alert>
          ) : null}
        </div>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Check the file
        </Button>
      </Form>
      {data && !data.ok ? <Alert>{data.error}</Alert> : null}
      {data?.ok ? (
        <section role="status" aria-label="Result of the check" className="mt-6 rounded border border-slate-300 p-4">
          <p className="text-lg font-semibold">{data.result.message}</p>
          <p className="mt-1 break-all text-sm text-slate-700">SHA-256 of the file checked: {data.result.sha256}</p>
          {data.result.record ? (
            <p className="mt-2">
              {data.result.record.title} of{" "}
              <Link to={`/back-office/deals/${data.result.record.dealId}`} className="text-brand-700 underline">
                {data.result.record.businessName} ({data.result.record.accountNumber})
              </Link>
              {data.result.record.completedAt
                ? `, completed ${new Date(data.result.record.completedAt).toLocaleString("en-US")}`
                : ""}
              . Sealed file&apos;s SHA-256: <span className="break-all">{data.result.record.sha256}</span>
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
