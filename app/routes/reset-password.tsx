import { useLayoutEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { authErrorCodes, resetPassword } from "#domain/auth/contracts.ts";
import { passwordLinkToken } from "#domain/auth/password-link.ts";
import { newPasswordSchema, passwordResetMessages } from "#domain/auth/password-reset-schema.ts";
import { Alert } from "../components/ui/alert.tsx";
import { Button, buttonClass } from "../components/ui/button.tsx";
import { Form } from "../components/ui/form.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { PublicLayout } from "../features/site-chrome/public-layout.tsx";
import { ApiError, call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { useSchemaForm } from "../lib/use-schema-form.ts";

export const meta = () => appPageMeta("Reset password");

/** Where the reset and invitation mails' link lands (`/reset-password#token=…`, domain/auth/password-link.ts). */
export default function ResetPassword() {
  const { hash } = useLocation();
  // Read once and kept in memory only: the address bar and history lose it before the first paint.
  const [token] = useState(() => passwordLinkToken(hash));
  useLayoutEffect(() => {
    if (window.location.hash || window.location.search)
      window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);
  const form = useSchemaForm(newPasswordSchema, { newPassword: "", confirmPassword: "" });
  const [state, setState] = useState<"editing" | "done" | "failed">(token ? "editing" : "failed");

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const values = form.validate();
    if (!values || !token) return;
    try {
      await call(resetPassword, { body: { newPassword: values.newPassword, token } });
      setState("done");
    } catch (error) {
      // A common password is the visitor's to change; anything else means the link is spent.
      if (error instanceof ApiError && error.code === authErrorCodes.passwordTooCommon)
        form.setErrors({ newPassword: passwordResetMessages.tooCommon });
      else setState("failed");
    }
  };

  return (
    <PublicLayout>
      <div className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-3xl font-bold text-brand-900">Choose a new password</h1>
        {state === "done" ? (
          <div role="status" className="mt-6">
            <p>{passwordResetMessages.changed}</p>
            <Link to="/VendorLogin" className={buttonClass("primary", "mt-4")}>
              Sign in
            </Link>
          </div>
        ) : state === "failed" ? (
          <div className="mt-6">
            <Alert inline>{passwordResetMessages.expired}</Alert>
            <Link to="/VendorLogin" className={buttonClass("secondary", "mt-4")}>
              Back to sign-in
            </Link>
          </div>
        ) : (
          <Form
            onSubmit={(event) => void onSubmit(event)}
            noValidate
            className="mt-6 space-y-4"
            aria-label="Set a new password"
          >
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              help="At least 8 characters. Common passwords are refused."
              {...form.text("newPassword")}
            />
            <TextField
              label="Repeat the new password"
              type="password"
              autoComplete="new-password"
              {...form.text("confirmPassword")}
            />
            <Button type="submit">Save password</Button>
          </Form>
        )}
      </div>
    </PublicLayout>
  );
}
