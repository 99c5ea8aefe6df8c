import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { DealMessages, PortalDeal } from "#domain/deals/portal-contracts.ts";
import { downloadPortalDocument, messageForm } from "#domain/deals/portal-contracts.ts";
import { acceptAttribute, truncate } from "#domain/deals/new-deal-schema.ts";
import { canReply } from "#domain/deals/stages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Form } from "../../components/ui/form.tsx";
import { Loading } from "../../components/ui/page-state.tsx";
import { TextareaField } from "../../components/ui/textarea-field.tsx";
import { downloadUrl } from "../../lib/call.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";

/** What the thread route's loader answers (routes/portal-deal-messages.tsx). */
export type DealThreadLoad = { dealId: string; thread: DealMessages | null; error: string | null };
/** What the thread route's action answers. */
export type DealMessageSent = { sent: boolean; error: string | null };

/** The fetcher that reads the open thread: loaded by the Reply button, read by the dialog. */
export const dealThreadKey = "portal-deal-thread";
export const dealThreadUrl = (dealId: string) => `/portal/deals/${encodeURIComponent(dealId)}/messages`;

/** The Funding Communication reply, as a thread with the credit team (docs/product-rules.md#r14-messages-and-waiting-for-us). */
export function FundingCommunicationDialog({
  deal,
  onClose,
  onSent,
}: {
  deal: PortalDeal;
  onClose: () => void;
  onSent: () => void;
}) {
  const loaded = useFetcher<DealThreadLoad>({ key: dealThreadKey });
  const sender = useFetcher<DealMessageSent>();
  // The thread route's rule for a message body (the server parses the same schema).
  const reply = useSchemaForm(messageForm, { body: "" });
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);

  // Sent, and the deals reloaded (the action revalidates them): close and say so.
  useEffect(() => {
    if (sender.state === "idle" && sender.data?.sent) onSent();
  }, [sender.state, sender.data, onSent]);

  const current = loaded.data?.dealId === deal.id ? loaded.data : null;
  const thread = current?.thread ?? null;
  const loadError = current?.error ?? null;
  const sending = sender.state !== "idle";
  const sendError = !sending && sender.data && !sender.data.sent ? sender.data.error : null;
  const lastAuthor = thread?.messages.at(-1)?.author ?? null;
  const open = thread ? canReply(deal.stage, lastAuthor) : false;

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const text = reply.validate();
    if (!text) return;
    const form = new FormData();
    form.append("body", text.body);
    for (const file of files) form.append("attachment", file, file.name);
    void sender.submit(form, { method: "post", action: dealThreadUrl(deal.id), encType: "multipart/form-data" });
  };

  return (
    <Dialog open onClose={onClose} title={`Funding Communication: ${deal.businessName}`}>
      <div className="max-h-[60vh] space-y-4 overflow-y-auto pr-1">
        {!current || (loaded.state === "loading" && !thread) ? (
          <Loading label="Loading the conversation…" className="mt-0" />
        ) : null}
        {loadError ? <Alert>{loadError}</Alert> : null}
        {thread ? (
          <ol aria-label="Messages" className="space-y-2">
            {thread.messages.length === 0 ? <li>No messages yet.</li> : null}
            {thread.messages.map((message) => (
              <li
                key={message.id}
                className={`rounded-md p-3 ${message.author === "vendor" ? "bg-brand-50" : "bg-slate-100"}`}
              >
                <p className="text-sm font-semibold">
                  {message.author === "vendor" ? "You" : "Credit team"} ·{" "}
                  {new Date(message.createdAt).toLocaleString("en-US")}
                </p>
                <p className="mt-1 whitespace-pre-wrap">{message.body}</p>
                {message.attachments.map((attachment) => (
                  <a
                    key={attachment.id}
                    href={downloadUrl(downloadPortalDocument, { params: { id: attachment.id } })}
                    className="mt-1 block text-sm text-brand-700 underline"
                  >
                    {attachment.name}
                  </a>
                ))}
              </li>
            ))}
          </ol>
        ) : null}
        {thread && open ? (
          <Form onSubmit={send} aria-label="Reply to the credit team" className="space-y-3">
            <TextareaField label="Message" {...reply.text("body")} />
            <div>
              <label htmlFor="reply-files" className="block font-medium">
                Attachments (optional)
              </label>
              <input
                ref={fileInput}
                id="reply-files"
                type="file"
                multiple
                accept={acceptAttribute}
                className="mt-1 block min-h-11"
                onChange={(event) => setFiles([...(event.target.files ?? [])])}
              />
              {files.length ? (
                <p className="text-sm">{files.map((file) => truncate(file.name, 12)).join(", ")}</p>
              ) : null}
            </div>
            {sendError ? (
              <Alert inline className="font-medium">
                {sendError}
              </Alert>
            ) : null}
            <div className="flex gap-3">
              <Button type="submit" disabled={sending}>
                Submit
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setFiles([]);
                  if (fileInput.current) fileInput.current.value = "";
                }}
              >
                Delete All Files
              </Button>
            </div>
          </Form>
        ) : thread ? (
          <p role="status">Your message was sent. The credit team will answer here and by e-mail.</p>
        ) : null}
      </div>
    </Dialog>
  );
}
