import { useState } from "react";
import { requestPasswordReset } from "#domain/auth/contracts.ts";
import { passwordResetMessages, passwordResetRequest } from "#domain/auth/password-reset-schema.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Form } from "../../components/ui/form.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { call } from "../../lib/call.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";

/** Forgot Password?: mails a reset link (the same answer whether or not the account exists). */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useSchemaForm(passwordResetRequest, { email: "" });
  const [result, setResult] = useState<"sent" | "failed" | null>(null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const request = form.validate();
    if (!request) {
      setResult("failed");
      return;
    }
    try {
      await call(requestPasswordReset, { body: { email: request.email } });
      setResult("sent");
    } catch {
      setResult("failed");
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Reset your password">
      <Form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-3" aria-label="Password reset">
        <TextField label="E-mail" type="email" autoComplete="email" {...form.text("email")} error={undefined} />
        <div role="status">
          {result === "sent" ? <p className="font-semibold text-green-800">{passwordResetMessages.sent}</p> : null}
        </div>
        {result === "failed" ? (
          <Alert inline className="font-semibold">
            {passwordResetMessages.failed}
          </Alert>
        ) : null}
        <Button type="submit">Send reset link</Button>
      </Form>
    </Dialog>
  );
}
