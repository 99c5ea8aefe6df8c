import { useEffect, useRef, useState } from "react";
import type { DealMessages, PortalDeal } from "#domain/api/portal.ts";
import { acceptAttribute, truncate } from "#domain/deals/new-deal-schema.ts";
import { canReply } from "#domain/deals/stages.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Form } from "../../components/ui/form.tsx";
import { apiRequest } from "../../lib/api.ts";
import { uploadForm } from "./upload-form.ts";

/** The Funding Communication reply, as a thread with the credit team (decisions.md 6). */
export function FundingCommunicationDialog({ deal, onClose, onSent }: { deal: PortalDeal; onClose: () => void; onSent: () => void }) {
  const [thread, setThread] = useState<DealMessages | null>(null);
  const [body, setBody] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    apiRequest<DealMessages>(`/api/portal/deals/${deal.id}/messages`)
      .then(setThread)
      .catch((failure: Error) => setError(failure.message));
  }, [deal.id]);

  const lastAuthor = thread?.messages.at(-1)?.author ?? null;
  const open = thread ? canReply(deal.stage, lastAuthor) : false;

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setError("Please write a message.");
    setSending(true);
    const form = new FormData();
    form.append("body", body);
    for (const file of files) form.append("attachment", file, file.name);
    const result = await uploadForm(`/api/portal/deals/${deal.id}/messages`, form, files.map((file) => file.size), () => {});
    setSending(false);
    if (result.status === 201) onSent();
    else setError(result.body.message ?? "Oops... Something went wrong. Please try again later.");
  };

  return (
    <Dialog open onClose={onClose} title={`Funding Communication: ${deal.businessName}`}>
      <div className="max-h-[60vh] space-y-4 overflow-y-auto pr-1">
        {thread === null && !error ? <p role="status">Loading the conversation…</p> : null}
        {thread ? (
          <ol aria-label="Messages" className="space-y-2">
            {thread.messages.length === 0 ? <li>No messages yet.</li> : null}
            {thread.messages.map((message) => (
              <li key={message.id} className={`rounded-md p-3 ${message.author === "vendor" ? "bg-brand-50" : "bg-slate-100"}`}>
                <p className="text-sm font-semibold">
                  {message.author === "vendor" ? "You" : "Credit team"} · {new Date(message.createdAt).toLocaleString("en-US")}
                </p>
                <p className="mt-1 whitespace-pre-wrap">{message.body}</p>
                {message.attachments.map((attachment) => (
                  <a key={attachment.id} href={`/api/portal/documents/${attachment.id}`} className="mt-1 block text-sm text-brand-700 underline">
                    {attachment.name}
                  </a>
                ))}
              </li>
            ))}
          </ol>
        ) : null}
        {thread && open ? (
          <Form onSubmit={send} aria-label="Reply to the credit team" className="space-y-3">
            <div>
              <label htmlFor="reply-body" className="block font-medium">
                Message
              </label>
              <textarea id="reply-body" rows={4} value={body} onChange={(event) => setBody(event.target.value)} className="mt-1 block w-full rounded-md border-2 border-slate-500 px-3 py-2" />
            </div>
            <div>
              <label htmlFor="reply-files" className="block font-medium">
                Attachments (optional)
              </label>
              <input ref={fileInput} id="reply-files" type="file" multiple accept={acceptAttribute} className="mt-1 block min-h-11" onChange={(event) => setFiles([...(event.target.files ?? [])])} />
              {files.length ? <p className="text-sm">{files.map((file) => truncate(file.name, 12)).join(", ")}</p> : null}
            </div>
            {error ? (
              <p role="alert" className="font-medium text-red-800">
                {error}
              </p>
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
