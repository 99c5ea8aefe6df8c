import { useFetcher } from "react-router";
import { signerCodeLength, signerMessages } from "#domain/signing/signer-access.ts";
import { signerSessionRequest } from "#domain/signing/signer-contracts.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Form } from "../../components/ui/form.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import type { SignerActionResult } from "./signer-action.ts";

const json = { method: "post", encType: "application/json" } as const;

/**
 * Before the documents open (docs/product-rules.md#r57-documents-and-e-signature): the link's token (read
 * from the fragment, kept in memory) asks for a code mailed to the signer, and the code opens the
 * ceremony. Without a token, or when the package no longer takes signatures, it says why.
 */
export function SignerSignIn({ token, closed }: { token: string | null; closed: string | null }) {
  const codeFetcher = useFetcher<SignerActionResult>();
  const sessionFetcher = useFetcher<SignerActionResult>();
  const form = useSchemaForm(signerSessionRequest, { token: token ?? "", code: "" });
  const sent = codeFetcher.data?.intent === "code" && codeFetcher.data.ok ? codeFetcher.data : null;
  const codeProblem =
    codeFetcher.state === "idle" && codeFetcher.data && !codeFetcher.data.ok ? codeFetcher.data : null;
  const sessionProblem =
    sessionFetcher.state === "idle" && sessionFetcher.data && !sessionFetcher.data.ok ? sessionFetcher.data : null;
  const fieldError = sessionProblem?.fieldErrors["/code"] ?? form.errors.code;

  const askForCode = () => void codeFetcher.submit({ intent: "code", token: token ?? "" }, json);
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const values = form.validate();
    if (values) void sessionFetcher.submit({ intent: "session", token: values.token, code: values.code }, json);
  };

  if (closed)
    return (
      <Alert tone="info" className="mt-6">
        {closed}
      </Alert>
    );
  if (!token)
    return (
      <Alert tone="info" className="mt-6">
        {signerMessages.sessionEnded}
      </Alert>
    );
  return (
    <div className="mt-6 space-y-4">
      {sent ? (
        <Alert tone="success">
          We sent a {signerCodeLength}-digit code to {sent.sentTo}. It works for {sent.expiresInMinutes} minutes.
        </Alert>
      ) : (
        <p>
          To make sure it is you, we e-mail you a {signerCodeLength}-digit code before you see your documents. It goes
          to the address your documents were sent to.
        </p>
      )}
      <Alert live>
        {codeProblem?.error ?? (sessionProblem && !sessionProblem.fieldErrors["/code"] ? sessionProblem.error : null)}
      </Alert>
      {sent ? (
        <Form onSubmit={onSubmit} noValidate aria-label="Open your documents" className="space-y-4">
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
            <Button type="submit" disabled={sessionFetcher.state !== "idle"}>
              Open my documents
            </Button>
            <Button type="button" variant="secondary" disabled={codeFetcher.state !== "idle"} onClick={askForCode}>
              Send a new code
            </Button>
          </div>
        </Form>
      ) : (
        <Button type="button" disabled={codeFetcher.state !== "idle"} onClick={askForCode}>
          E-mail me a code
        </Button>
      )}
    </div>
  );
}
