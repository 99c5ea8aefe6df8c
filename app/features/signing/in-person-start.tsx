import { useFetcher } from "react-router";
import { signerCodeLength } from "#domain/signing/signer-access.ts";
import { signerCode } from "#domain/signing/signer-contracts.ts";
import type { InPersonStarted } from "#domain/signing/portal-in-person-contracts.ts";
import * as z from "zod/mini";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Form } from "../../components/ui/form.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useSchemaForm } from "../../lib/use-schema-form.ts";

/** What the in-person page's action answers for its own steps. */
export type InPersonActionResult =
  | ({ intent: "start"; ok: true } & InPersonStarted)
  | { intent: "confirm"; ok: true }
  | { intent: "start" | "confirm"; ok: false; error: string; fieldErrors: Record<string, string> };

const json = { method: "post", encType: "application/json" } as const;
const codeForm = z.object({ code: signerCode });

/**
 * Signing in person on the dealer's device (docs/product-rules.md#r57-documents-and-e-signature): a code goes
 * to the signer's own address, and the signer types it here; the token of this start stays in memory.
 */
export function InPersonStart() {
  const start = useFetcher<InPersonActionResult>();
  const confirm = useFetcher<InPersonActionResult>();
  const form = useSchemaForm(codeForm, { code: "" });
  const started = start.data?.intent === "start" && start.data.ok ? start.data : null;
  const startProblem = start.state === "idle" && start.data && !start.data.ok ? start.data.error : null;
  const confirmProblem = confirm.state === "idle" && confirm.data && !confirm.data.ok ? confirm.data : null;
  const fieldError = confirmProblem?.fieldErrors["/code"] ?? form.errors.code;
  const begin = () => void start.submit({ intent: "start" }, json);
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const values = form.validate();
    if (values && started) void confirm.submit({ intent: "confirm", token: started.token, code: values.code }, json);
  };
  return (
    <div className="mt-6 space-y-4">
      {started ? (
        <>
          <p className="rounded-md bg-brand-900 p-3 font-semibold text-white">
            Signing in person at {started.dealerName}
          </p>
          <Alert tone="success">
            Ask {started.signerName} for the code we e-mailed to {started.sentTo}. It works for{" "}
            {started.expiresInMinutes} minutes.
          </Alert>
        </>
      ) : (
        <p>
          Hand this device to the signer. We e-mail a {signerCodeLength}-digit code to the signer's own address: they
          open it on their phone and type it here, then read and sign their documents themselves.
        </p>
      )}
      <Alert live>
        {startProblem ?? (confirmProblem && !confirmProblem.fieldErrors["/code"] ? confirmProblem.error : null)}
      </Alert>
      {started ? (
        <Form onSubmit={onSubmit} noValidate aria-label="Open the signer's documents" className="space-y-4">
          <TextField
            label={`${signerCodeLength}-digit code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={signerCodeLength + 2}
            className="max-w-48"
            {...form.text("code")}
            error={fieldError}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={confirm.state !== "idle"}>
              Open the documents
            </Button>
            <Button variant="secondary" disabled={start.state !== "idle"} onClick={begin}>
              Send a new code
            </Button>
          </div>
        </Form>
      ) : (
        <Button disabled={start.state !== "idle"} onClick={begin}>
          E-mail the code to the signer
        </Button>
      )}
    </div>
  );
}
