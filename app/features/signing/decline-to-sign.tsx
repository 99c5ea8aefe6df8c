import { useState } from "react";
import { useFetcher } from "react-router";
import { declineReasonMaxLength, signerMessages } from "#domain/signing/signer-access.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Form } from "../../components/ui/form.tsx";
import { TextareaField } from "../../components/ui/textarea-field.tsx";
import type { SignerActionResult } from "./signer-action.ts";

/** The decline's fetcher, by key: its answer outlives the ceremony it ends (the route then says it). */
export const declineFetcherKey = "signer-decline";

/**
 * "Decline to sign" (docs/product-rules.md#r57-documents-and-e-signature): a dialog that asks why (required);
 * the package then ends for every signer and the credit team and the dealer are told.
 */
export function DeclineToSign({ lenderName }: { lenderName: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const fetcher = useFetcher<SignerActionResult>({ key: declineFetcherKey });
  const problem = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const empty = reason.trim() === "";
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!empty)
      void fetcher.submit(
        { intent: "decline", reason: reason.trim() },
        { method: "post", encType: "application/json" },
      );
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Decline to sign
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Decline to sign">
        <Form onSubmit={onSubmit} noValidate aria-label="Decline to sign" className="space-y-4">
          <p>
            If you decline, nobody can sign these documents any more and {lenderName} and your dealer are told. You can
            ask for paper documents instead.
          </p>
          <TextareaField
            label="Why do you decline to sign?"
            required
            rows={4}
            maxLength={declineReasonMaxLength}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={tried && empty ? signerMessages.declineReasonRequired : undefined}
          />
          <Alert live>{problem}</Alert>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              Decline to sign
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Go back
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
