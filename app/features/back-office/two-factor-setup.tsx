import { useState } from "react";
import { enableTwoFactor, verifyTotp } from "#domain/auth/contracts.ts";
import { totpCodeRequest, twoFactorEnableRequest, twoFactorSetupMessages } from "#domain/auth/two-factor-schema.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Form } from "../../components/ui/form.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ApiError, call } from "../../lib/call.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";

/** TOTP enrolment: password, then the key for an authenticator app and recovery codes, then a code. */
export function TwoFactorSetup({ onEnabled }: { onEnabled: () => void }) {
  // Each step validates with its endpoint's schema (domain/auth/contracts.ts) before calling it.
  const passwordForm = useSchemaForm(twoFactorEnableRequest, { password: "" });
  const codeForm = useSchemaForm(totpCodeRequest, { code: "" });
  const [setup, setSetup] = useState<{ totpURI: string; backupCodes: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const secret = setup ? (new URL(setup.totpURI).searchParams.get("secret") ?? "") : "";

  const start = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const request = passwordForm.validate();
    if (!request) return;
    try {
      setSetup(await call(enableTwoFactor, { body: request }));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400)
        passwordForm.setErrors({ password: twoFactorSetupMessages.wrongPassword });
      else setError((failure as Error).message);
    }
  };
  const verify = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const request = codeForm.validate();
    if (!request) return;
    try {
      await call(verifyTotp, { body: request });
      onEnabled();
    } catch {
      codeForm.setErrors({ code: twoFactorSetupMessages.invalidCode });
    }
  };

  return (
    <section aria-labelledby="two-factor-title" className="max-w-xl">
      <h1 id="two-factor-title" className="text-2xl font-bold">
        Two-factor authentication required
      </h1>
      <p className="mt-2">Staff accounts must set up two-factor authentication before they can see customer data.</p>
      {setup === null ? (
        <Form
          onSubmit={(event) => void start(event)}
          noValidate
          aria-label="Start two-factor setup"
          className="mt-4 space-y-3"
        >
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            {...passwordForm.text("password")}
          />
          <Button type="submit">Set up two-factor authentication</Button>
        </Form>
      ) : (
        <Form
          onSubmit={(event) => void verify(event)}
          noValidate
          aria-label="Confirm two-factor setup"
          className="mt-4 space-y-4"
        >
          <p>Add this key to your authenticator app (choose “enter a setup key”, time-based):</p>
          <p className="font-mono text-lg break-all" data-testid="totp-secret">
            {secret}
          </p>
          <details>
            <summary className="cursor-pointer">Setup link for apps that accept one</summary>
            <p className="font-mono text-sm break-all">{setup.totpURI}</p>
          </details>
          <div>
            <h2 className="font-semibold">Recovery codes</h2>
            <p className="text-sm">Each works once if you lose your phone. Keep them somewhere safe.</p>
            <ul className="mt-1 grid grid-cols-2 gap-1 font-mono">
              {setup.backupCodes.map((backup) => (
                <li key={backup}>{backup}</li>
              ))}
            </ul>
          </div>
          <TextField
            label="Code from your app"
            inputMode="numeric"
            autoComplete="one-time-code"
            {...codeForm.text("code")}
          />
          <Button type="submit">Turn on two-factor authentication</Button>
        </Form>
      )}
      {error ? (
        <Alert inline className="mt-3 font-medium">
          {error}
        </Alert>
      ) : null}
    </section>
  );
}
