import { useState } from "react";
import { useFetcher } from "react-router";
import { createApiKeyRequest } from "#domain/api-keys/contracts.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Form } from "../../components/ui/form.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { portalStepUpReason, useConfirmIdentity } from "../auth/confirm-identity.tsx";
import { apiKeyIntents, type ApiKeyActionResult } from "./api-key-actions.ts";

/** Name a key and create it (confirming it is you first, when needed); the whole key is shown once, in a dialog with Copy. */
export function NewApiKey() {
  const fetcher = useFetcher<ApiKeyActionResult>();
  const identity = useConfirmIdentity(portalStepUpReason);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(createApiKeyRequest, { name: "" });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const created = result?.ok && result.intent === "create" ? result : null;
  // The dialog shows the key just created until it is closed; the next key opens it again.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const shown = created && created.secret !== closedFor ? created : null;
  const [copied, setCopied] = useState<{ secret: string; outcome: "copied" | "failed" } | null>(null);
  const copiedNow = shown && copied?.secret === shown.secret ? copied.outcome : null;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return;
    setFailure(null);
    try {
      if (!(await identity.confirmed())) return;
    } catch {
      return setFailure("Something went wrong. Please try again.");
    }
    void fetcher.submit({ intent: apiKeyIntents.create, name: valid.name }, { method: "post" });
    form.reset();
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown!.secret);
      setCopied({ secret: shown!.secret, outcome: "copied" });
    } catch {
      setCopied({ secret: shown!.secret, outcome: "failed" });
    }
  };

  return (
    <>
      <Form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-wrap items-end gap-3">
        <TextField
          label="Key name"
          help="Say which system uses it, e.g. Our DMS."
          maxLength={80}
          required
          className="w-full max-w-sm"
          {...form.text("name")}
        />
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Create key
        </Button>
      </Form>
      {identity.dialog}
      {failure ? <Alert className="mt-2">{failure}</Alert> : null}
      {result && !result.ok ? <Alert className="mt-2">{result.message}</Alert> : null}
      <Dialog
        open={shown !== null}
        onClose={() => setClosedFor(shown?.secret ?? null)}
        title={`Your new key: ${shown?.name ?? ""}`}
      >
        <p>
          Copy it now into your system&apos;s settings. It is shown only this once: we keep only a fingerprint of it.
        </p>
        <p className="mt-3">
          <code className="block rounded bg-slate-100 p-2 break-all" data-testid="new-api-key">
            {shown?.secret}
          </code>
        </p>
        <div role="status" className="mt-2 min-h-6">
          {copiedNow === "copied"
            ? "Copied."
            : copiedNow === "failed"
              ? "Could not copy: select the key and copy it."
              : ""}
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => void copy()}>
            Copy
          </Button>
          <Button type="button" onClick={() => setClosedFor(shown?.secret ?? null)}>
            Done
          </Button>
        </div>
      </Dialog>
    </>
  );
}
