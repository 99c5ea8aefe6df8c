import { useState } from "react";
import * as z from "zod/mini";
import { saveCreditApplicationDraft } from "#domain/leads/draft-contracts.ts";
import { emailAddress } from "#domain/forms/fields.ts";
import { draftMessages, type CreditApplicationDraft } from "#domain/leads/credit-application-draft-schema.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Form } from "../../components/ui/form.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ApiError, call } from "../../lib/call.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";

const linkAddress = z.object({ email: emailAddress() });

/**
 * "Save and finish later": asks where to send the link (the business e-mail typed, by default) and
 * posts the draft, already checked by the caller. `replaces`: the token of the draft it was resumed
 * from, whose link then stops working. `onSaved` gets the address the link went to.
 */
export function SaveDraftDialog({
  open,
  defaultEmail,
  draft,
  replaces,
  onClose,
  onSaved,
}: {
  open: boolean;
  defaultEmail: string;
  draft: CreditApplicationDraft;
  replaces: string | null;
  onClose: () => void;
  onSaved: (email: string) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Save and finish later">
      {/* Mounted while open, so each opening starts from the business e-mail typed. */}
      {open ? (
        <SaveDraftForm
          defaultEmail={defaultEmail}
          draft={draft}
          replaces={replaces}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Dialog>
  );
}

function SaveDraftForm({
  defaultEmail,
  draft,
  replaces,
  onClose,
  onSaved,
}: {
  defaultEmail: string;
  draft: CreditApplicationDraft;
  replaces: string | null;
  onClose: () => void;
  onSaved: (email: string) => void;
}) {
  const form = useSchemaForm(linkAddress, { email: defaultEmail });
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) return;
    setSending(true);
    setProblem(null);
    try {
      await call(saveCreditApplicationDraft, {
        body: { email: values.email, draft, ...(replaces ? { replaces } : {}) },
      });
      onSaved(values.email);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status !== 400
          ? error.message
          : "We could not save the application. Check the fields marked in the form and try again.",
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <Form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Save and finish later"
      className="space-y-4"
    >
      <p className="text-slate-700">{draftMessages.explain}</p>
      <TextField label="E-mail for the link" type="email" autoComplete="email" required {...form.text("email")} />
      <Alert live className="text-sm">
        {problem}
      </Alert>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? "Sending…" : "Send me the link"}
        </Button>
      </div>
    </Form>
  );
}
