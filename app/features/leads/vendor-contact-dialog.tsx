import { useState } from "react";
import { sendVendorContact } from "#domain/leads/contracts.ts";
import { formatUsPhone } from "#domain/forms/us-phone.ts";
import { vendorContactMessages, vendorContactRequest } from "#domain/leads/vendor-contact-schema.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Form } from "../../components/ui/form.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { call } from "../../lib/call.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { HoneypotField } from "./honeypot-field.tsx";

/** The Sign Up button's four-field contact dialog (docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words). */
export function VendorContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useSchemaForm(vendorContactRequest, {
    businessName: "",
    contactName: "",
    phoneNumber: "",
    email: "",
    idempotencyKey,
    leaveEmpty: "",
  });
  const [state, setState] = useState<"editing" | "sending" | "sent" | "failed">("editing");

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const contact = form.validate();
    if (!contact) return;
    setState("sending");
    try {
      await call(sendVendorContact, { body: contact });
      setState("sent");
    } catch {
      setState("failed");
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Become a vendor partner">
      {state === "sent" ? (
        <div>
          <p role="status" className="text-lg font-semibold text-green-800">
            {vendorContactMessages.success}
          </p>
          <Button className="mt-4" onClick={onClose}>
            Close
          </Button>
        </div>
      ) : (
        <Form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          className="relative space-y-3"
          aria-label="Vendor contact"
        >
          <p>Tell us how to reach you and our vendor team will call you.</p>
          <TextField label="Business name" required autoComplete="organization" {...form.text("businessName")} />
          <TextField label="Contact name" required autoComplete="name" {...form.text("contactName")} />
          <TextField
            label="Phone number"
            type="tel"
            required
            autoComplete="tel-national"
            placeholder="(555) 555-5555"
            {...form.text("phoneNumber", formatUsPhone)}
          />
          <TextField label="Email" type="email" required autoComplete="email" {...form.text("email")} />
          <HoneypotField
            value={String(form.values.leaveEmpty)}
            onChange={(value) => form.setValue("leaveEmpty", value)}
          />
          {state === "failed" ? <Alert className="font-medium">{vendorContactMessages.failure}</Alert> : null}
          <Button type="submit" disabled={state === "sending"}>
            {state === "sending" ? "Sending…" : "Send"}
          </Button>
        </Form>
      )}
    </Dialog>
  );
}
