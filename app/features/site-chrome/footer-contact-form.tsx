import { useState } from "react";
import { sendFooterMessage } from "#domain/api/leads.ts";
import { footerMessageFailed, footerMessageRequest, footerMessageSent } from "#domain/leads/footer-message-schema.ts";
import { Button } from "../../components/ui/button.tsx";
import { inputClass } from "../../components/ui/field-parts.tsx";
import { Form } from "../../components/ui/form.tsx";
import { MarkEmailReadIcon } from "../../components/ui/icons.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { call } from "../../lib/call.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { HoneypotField } from "../leads/honeypot-field.tsx";

export function FooterContactForm() {
  // One key per message: a second click or a retry after a lost answer stores nothing twice.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useSchemaForm(footerMessageRequest, { nameOfBusiness: "", nameUser: "", emailUser: "", subjectUser: "", idempotencyKey, leaveEmpty: "" });
  const [state, setState] = useState<"editing" | "sending" | "sent" | "failed">("editing");

  if (state === "sent") {
    return (
      <div role="status" className="flex items-center gap-3 p-2 text-lg">
        <MarkEmailReadIcon className="size-8" />
        <span>{footerMessageSent}</span>
      </div>
    );
  }

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const message = form.validate();
    if (!message) return;
    setState("sending");
    try {
      await call(sendFooterMessage, { body: message });
      setState("sent");
    } catch {
      setState("failed");
    }
  };

  return (
    <Form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="contact-heading" className="relative space-y-3">
      <TextField label="Business name" autoComplete="organization" {...form.text("nameOfBusiness")} />
      <TextField label="Your name" autoComplete="name" required {...form.text("nameUser")} />
      <TextField label="E-mail" type="email" autoComplete="email" required {...form.text("emailUser")} />
      <div>
        <label htmlFor="footer-message" className="block font-medium">
          Message<span aria-hidden="true"> *</span>
        </label>
        <textarea
          id="footer-message"
          name="subjectUser"
          rows={4}
          required
          value={form.values.subjectUser}
          onChange={(event) => form.setValue("subjectUser", event.target.value)}
          aria-invalid={form.errors.subjectUser ? true : undefined}
          aria-describedby={form.errors.subjectUser ? "footer-message-error" : undefined}
          className={inputClass(Boolean(form.errors.subjectUser))}
        />
        {form.errors.subjectUser ? (
          <p id="footer-message-error" className="mt-1 text-sm font-medium text-red-700">
            {form.errors.subjectUser}
          </p>
        ) : null}
      </div>
      <HoneypotField value={String(form.values.leaveEmpty)} onChange={(value) => form.setValue("leaveEmpty", value)} />
      {state === "failed" ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800">
          {footerMessageFailed}
        </p>
      ) : null}
      <Button type="submit" variant="accent" disabled={state === "sending"}>
        {state === "sending" ? "Sending…" : "Send message"}
      </Button>
    </Form>
  );
}
