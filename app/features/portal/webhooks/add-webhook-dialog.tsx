import { useState } from "react";
import { createPortalWebhook, webhookEndpointForm } from "#domain/webhooks/portal-contracts.ts";
import { webhookEventLabels, webhookEventTypes, type WebhookEventType } from "#domain/webhooks/events.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError, call } from "../../../lib/call.ts";
import { fieldErrors, type FieldErrors } from "../../../lib/use-schema-form.ts";
import { portalStepUpReason, useConfirmIdentity } from "../../auth/confirm-identity.tsx";
import { SigningSecret } from "./signing-secret.tsx";

/** Add endpoint: address, events and a description, checked with the contract's schema; confirming it is you when needed; then the secret, once. */
export function AddWebhookDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>(["deal.stage_changed"]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const identity = useConfirmIdentity(portalStepUpReason);

  const toggle = (type: WebhookEventType, checked: boolean) =>
    setEvents((current) => (checked ? [...current, type] : current.filter((item) => item !== type)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = webhookEndpointForm.safeParse({ url, events, description });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setFailure("");
    setBusy(true);
    try {
      if (!(await identity.confirmed())) return;
      const created = await call(createPortalWebhook, { body: parsed.data });
      setSecret(created.secret);
      onCreated();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const urlError = error.details.find((detail) => detail.path === "/url")?.message;
      if (urlError) setErrors({ url: urlError });
      else setFailure(error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={secret ? "Endpoint added" : "Add endpoint"}>
      {identity.dialog}
      {secret ? (
        <div className="space-y-4">
          <SigningSecret secret={secret} />
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <Form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <TextField
            label="Endpoint address"
            name="url"
            type="url"
            inputMode="url"
            required
            placeholder="https://"
            help="A public https:// address of your system. Redirects are not followed."
            value={url}
            error={errors.url}
            onChange={(event) => setUrl(event.target.value)}
          />
          <fieldset>
            <legend className="font-medium">Events to send</legend>
            <div className="mt-2 space-y-2">
              {webhookEventTypes.map((type) => (
                <Checkbox
                  key={type}
                  name={`event-${type}`}
                  label={
                    <>
                      {webhookEventLabels[type]} <code className="text-sm text-slate-700">{type}</code>
                    </>
                  }
                  checked={events.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                />
              ))}
            </div>
            {errors.events ? <Alert inline>{errors.events}</Alert> : null}
          </fieldset>
          <TextField
            label="Description (optional)"
            name="description"
            value={description}
            error={errors.description}
            onChange={(event) => setDescription(event.target.value)}
          />
          {failure ? <Alert>{failure}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Adding…" : "Add endpoint"}
            </Button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
