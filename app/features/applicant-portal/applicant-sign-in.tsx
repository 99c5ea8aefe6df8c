import { useFetcher } from "react-router";
import { applicantCodeLength, applicantMessages } from "#domain/applicant-portal/applicant-access.ts";
import { applicantSignInRequest } from "#domain/applicant-portal/contracts.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Form } from "../../components/ui/form.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import type { ApplicantActionResult } from "./applicant-action.ts";

/**
 * Before the page opens (docs/product-rules.md#r56-the-applicants-page): the link's token (read from the
 * fragment, kept in memory) asks for a code mailed to the applicant, and the code opens the page.
 * Without a token there is nothing to ask with: the mail's link is the way in.
 */
export function ApplicantSignIn({ token }: { token: string | null }) {
  const codeFetcher = useFetcher<ApplicantActionResult>();
  const signInFetcher = useFetcher<ApplicantActionResult>();
  const form = useSchemaForm(applicantSignInRequest, { token: token ?? "", code: "" });
  const sent = codeFetcher.data?.intent === "code" && codeFetcher.data.ok ? codeFetcher.data : null;
  const codeProblem =
    codeFetcher.state === "idle" && codeFetcher.data && !codeFetcher.data.ok ? codeFetcher.data : null;
  const signInProblem =
    signInFetcher.state === "idle" && signInFetcher.data && !signInFetcher.data.ok ? signInFetcher.data : null;
  const fieldError = signInProblem?.fieldError ?? form.errors.code;

  const askForCode = () => void codeFetcher.submit({ intent: "code", token: token ?? "" }, { method: "post" });
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const values = form.validate();
    if (values)
      void signInFetcher.submit({ intent: "session", token: values.token, code: values.code }, { method: "post" });
  };

  if (!token)
    return (
      <Alert tone="info" className="mt-6">
        {applicantMessages.sessionEnded}
      </Alert>
    );
  return (
    <div className="mt-6 space-y-4">
      {sent ? (
        <Alert tone="success">
          We sent a {applicantCodeLength}-digit code to {sent.sentTo}. It works for {sent.expiresInMinutes} minutes.
        </Alert>
      ) : (
        <p>
          To keep your application private, we e-mail you a {applicantCodeLength}-digit code to open this page. It goes
          to the address your application gave.
        </p>
      )}
      <Alert live>
        {codeProblem?.error ?? (signInProblem && !signInProblem.fieldError ? signInProblem.error : null)}
      </Alert>
      {sent ? (
        <Form onSubmit={onSubmit} noValidate aria-label="Open your application" className="space-y-4">
          <TextField
            label={`${applicantCodeLength}-digit code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={applicantCodeLength + 2}
            className="max-w-48"
            {...form.text("code")}
            error={fieldError}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={signInFetcher.state !== "idle"}>
              Open my application
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
