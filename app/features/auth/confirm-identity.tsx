import { useRef, useState } from "react";
import { confirmIdentity, confirmIdentityRequest, getMe } from "#domain/accounts/me-contracts.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Form } from "../../components/ui/form.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ApiError, call } from "../../lib/call.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";

/** Asking again this long before the confirmation runs out avoids a refusal mid-request. */
const marginMs = 15_000;

/** What the back office's step-up covers, and the portal's. */
const backOfficeReason = "Customer numbers, documents and exports need a fresh confirmation every few minutes.";
export const portalStepUpReason =
  "New API keys, webhook endpoints and signing secrets need a fresh confirmation every few minutes.";

/**
 * Reveals, exports and downloads in the back office, new API keys and webhook endpoints in the
 * portal, need a factor proved within the last few minutes (ASVS V7). `confirmed()` resolves true
 * at once when the sign-in or last confirmation is recent enough, otherwise after the user
 * confirms in the dialog (false if they cancel). Render `dialog` once on the screen.
 */
export function useConfirmIdentity(reason = backOfficeReason) {
  const [request, setRequest] = useState<{ twoFactor: boolean; done: (ok: boolean) => void } | null>(null);
  const confirmed = async (): Promise<boolean> => {
    const me = await call(getMe);
    if (me.recentAuthenticationSecondsLeft * 1000 > marginMs) return true;
    return new Promise<boolean>((resolve) => setRequest({ twoFactor: me.user.twoFactorEnabled, done: resolve }));
  };
  const finish = (ok: boolean) => {
    request?.done(ok);
    setRequest(null);
  };
  const dialog = request ? (
    <ConfirmIdentityDialog twoFactor={request.twoFactor} reason={reason} onDone={finish} />
  ) : null;
  return { confirmed, dialog };
}

/**
 * A download link that confirms first (when needed), then lets the browser download: spread
 * `onClick` on the `<a>` and render `dialog` once. `onError` hears why it could not ask.
 */
export function useConfirmedDownload(onError: (message: string) => void) {
  const identity = useConfirmIdentity();
  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const href = event.currentTarget.href;
    void identity.confirmed().then(
      (ok) => ok && window.location.assign(href),
      (failure: unknown) =>
        onError(failure instanceof ApiError ? failure.message : "Something went wrong. Please try again."),
    );
  };
  return { onClick, dialog: identity.dialog };
}

function ConfirmIdentityDialog({
  twoFactor,
  reason,
  onDone,
}: {
  twoFactor: boolean;
  reason: string;
  onDone: (ok: boolean) => void;
}) {
  // The endpoint's schema is a union of the two factors: the values hold only the one asked for,
  // so a failed parse reports that field's own message.
  const field = twoFactor ? "code" : "password";
  const form = useSchemaForm(confirmIdentityRequest, { [field]: "" } as Record<"code" | "password", string>);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const request = form.validate();
    if (!request) return input.current?.focus();
    setBusy(true);
    try {
      await call(confirmIdentity, { body: request });
      onDone(true);
    } catch (failure) {
      form.setErrors({
        [field]: failure instanceof ApiError ? failure.message : "Something went wrong. Please try again later.",
      });
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => onDone(false)} title="Confirm it is you">
      <Form onSubmit={(event) => void submit(event)} noValidate aria-label="Confirm it is you" className="space-y-4">
        <p>{reason}</p>
        <TextField
          label={twoFactor ? "Code from your authenticator app" : "Your password"}
          type={twoFactor ? "text" : "password"}
          inputMode={twoFactor ? "numeric" : undefined}
          autoComplete={twoFactor ? "one-time-code" : "current-password"}
          required
          {...form.text(field, twoFactor ? (raw) => raw.trim() : undefined)}
          ref={input}
        />
        <div className="flex gap-3">
          <Button type="submit" disabled={busy}>
            Confirm
          </Button>
          <Button variant="ghost" onClick={() => onDone(false)}>
            Cancel
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
