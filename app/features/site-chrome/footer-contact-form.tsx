import { useState } from "react";
import { sendFooterMessage } from "#domain/leads/contracts.ts";
import { footerMessageFailed, footerMessageRequest, footerMessageSent } from "#domain/leads/footer-message-schema.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Form } from "../../components/ui/form.tsx";
import { MarkEmailReadIcon } from "../../components/ui/icons.tsx";
import { TextareaField } from "../../components/ui/textarea-field.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { call } from "../../lib/call.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { HoneypotField } from "../leads/honeypot-field.tsx";

export function FooterContactForm() {
  // One key per message: a second click or a retry after a lost answer stores nothing twice.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useSchemaForm(footerMessageRequest, {
    nameOfBusiness: "",
    nameUser: "",
    emailUser: "",
    subjectUser: "",
    idempotencyKey,
    leaveEmpty: "",
  });
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
    <Form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="contact-heading"
      className="relative space-y-3"
    >
      <TextField label="Business name" autoComplete="organization" {...form.text("nameOfBusiness")} />
      <TextField label="Your name" autoComplete="name" required {...form.text("nameUser")} />
      <TextField label="E-mail" type="email" autoComplete="email" required {...form.text("emailUser")} />
      <TextareaField label="Message" required {...form.text("subjectUser")} />
      <HoneypotField value={String(form.values.leaveEmpty)} onChange={(value) => form.setValue("leaveEmpty", value)} />
      {state === "failed" ? <Alert className="font-medium">{footerMessageFailed}</Alert> : null}
      <Button type="submit" variant="accent" disabled={state === "sending"}>
        {state === "sending" ? "Sending…" : "Send message"}
      </Button>
    </Form>
  );
}
