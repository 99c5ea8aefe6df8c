import { useState } from "react";
import { useNavigate } from "react-router";
import { authErrorCodes, signIn, verifyBackupCode, verifyTotp } from "#domain/auth/contracts.ts";
import { getMe } from "#domain/accounts/me-contracts.ts";
import { homePathForRole } from "#domain/auth/roles.ts";
import { signInMessages, signInSchema } from "#domain/auth/sign-in-schema.ts";
import { ApiError, call } from "../../lib/call.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Form } from "../../components/ui/form.tsx";
import { TextField } from "../../components/ui/text-field.tsx";

function messageFor(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return signInMessages.wrongCredentials;
    if (error.code === authErrorCodes.emailNotVerified) return signInMessages.unverified;
    return error.message;
  }
  return "Something went wrong. Please try again later.";
}

/** E-mail and password sign-in for vendors and staff, with the optional TOTP second step. */
export function SignInForm({ label = "Vendor sign-in" }: { label?: string }) {
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const form = useSchemaForm(signInSchema, { email: "", password: "" });

  const goHome = async () => {
    const me = await call(getMe);
    await navigate(homePathForRole(me.user.role));
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const credentials = form.validate();
    if (!credentials) return;
    setSubmitting(true);
    try {
      const result = await call(signIn, { body: credentials });
      if (result.twoFactorRedirect) setNeedsCode(true);
      else await goHome();
    } catch (error) {
      setServerError(messageFor(error));
    } finally {
      setSubmitting(false);
    }
  };

  const onVerifyCode = async (event: React.FormEvent) => {
    event.preventDefault();
    setServerError(null);
    try {
      await call(recovery ? verifyBackupCode : verifyTotp, { body: { code: code.trim() } });
      await goHome();
    } catch (error) {
      if (error instanceof ApiError && error.code === authErrorCodes.totpCodeReused)
        setServerError("That code was already used. Please wait for the next code.");
      else
        setServerError(
          error instanceof ApiError && error.status === 401
            ? "That code is not valid. Please try again."
            : messageFor(error),
        );
    }
  };

  if (needsCode) {
    return (
      <Form onSubmit={(event) => void onVerifyCode(event)} className="space-y-4" aria-label="Two-factor verification">
        {recovery ? (
          <TextField
            label="Recovery code"
            name="code"
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            required
            help="One of the recovery codes you kept when you set up two-factor. Each works once."
          />
        ) : (
          <TextField
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            required
            help="The 6-digit code from your authenticator app."
          />
        )}
        {serverError ? (
          <Alert inline className="font-medium">
            {serverError}
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit">Verify</Button>
          <Button
            variant="ghost"
            onClick={() => {
              setRecovery(!recovery);
              setCode("");
              setServerError(null);
            }}
          >
            {recovery ? "Use my authenticator app" : "Use a recovery code"}
          </Button>
        </div>
      </Form>
    );
  }

  return (
    <Form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4" aria-label={label}>
      <TextField label="E-mail" type="email" autoComplete="username" {...form.text("email")} />
      <TextField
        label="Password"
        type={showPassword ? "text" : "password"}
        autoComplete="current-password"
        maxLength={128}
        {...form.text("password")}
      />
      <Checkbox
        label="Show password"
        checked={showPassword}
        onChange={(event) => setShowPassword(event.target.checked)}
      />
      {serverError ? (
        <Alert inline className="font-medium">
          {serverError}
        </Alert>
      ) : null}
      <Button type="submit" disabled={submitting}>
        SUBMIT
      </Button>
    </Form>
  );
}
