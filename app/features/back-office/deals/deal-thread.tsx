import { useState } from "react";
import { downloadBackOfficeDocument } from "#domain/deals/back-office-contracts.ts";
import { messageForm, type DealMessages } from "#domain/deals/portal-contracts.ts";
import { acceptAttribute, chosenFilesProblem } from "#domain/deals/new-deal-schema.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { Empty } from "../../../components/ui/page-state.tsx";
import { TextareaField } from "../../../components/ui/textarea-field.tsx";
import { downloadUrl } from "../../../lib/call.ts";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";
import { useConfirmedDownload } from "../../auth/confirm-identity.tsx";

/** The thread with the vendor, every attachment a download (confirmed identity, audited), and the credit team's answer with files (a new answer remounts it empty). */
export function DealThread({
  messages,
  onAnswer,
  sending,
}: {
  messages: DealMessages["messages"];
  onAnswer: (body: string, files: File[]) => void;
  sending: boolean;
}) {
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = useConfirmedDownload(setDownloadError);
  // The answer route's own rule for a message body (it parses the same schema).
  const form = useSchemaForm(messageForm, { body: "" });
  const [files, setFiles] = useState<File[]>([]);
  const fileProblem = chosenFilesProblem(files);
  return (
    <section aria-labelledby="thread-heading" className="mt-8">
      <h2 id="thread-heading" className="text-xl font-semibold">
        Messages with the vendor
      </h2>
      {messages.length === 0 ? <Empty className="mt-2">No messages yet.</Empty> : null}
      <ol className="mt-2 space-y-2">
        {messages.map((message) => (
          <li
            key={message.id}
            className={`rounded-md p-3 ${message.author === "vendor" ? "bg-brand-50" : "bg-slate-100"}`}
          >
            <p className="text-sm font-semibold">
              {message.author === "vendor" ? "Vendor" : "Credit team"} ·{" "}
              {new Date(message.createdAt).toLocaleString("en-US")}
            </p>
            <p className="whitespace-pre-wrap break-words">{message.body}</p>
            {message.attachments.length ? (
              <ul aria-label="Attachments" className="mt-1 space-y-1">
                {message.attachments.map((attachment) => (
                  <li key={attachment.id}>
                    <a
                      href={downloadUrl(downloadBackOfficeDocument, { params: { id: attachment.id } })}
                      onClick={download.onClick}
                      className="text-sm break-all text-brand-700 underline"
                    >
                      {attachment.name}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      {download.dialog}
      {downloadError ? <Alert className="mt-2">{downloadError}</Alert> : null}
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          const answer = form.validate();
          if (answer && !fileProblem) onAnswer(answer.body, files);
        }}
        noValidate
        aria-label="Answer the vendor"
        className="mt-3 space-y-2"
      >
        <TextareaField label="Answer" rows={3} {...form.text("body")} />
        <div>
          <label htmlFor="answer-files" className="block font-medium">
            Attachments (optional)
          </label>
          <input
            id="answer-files"
            name="attachment"
            type="file"
            multiple
            accept={acceptAttribute}
            aria-describedby={fileProblem ? "answer-files-problem" : undefined}
            className="mt-1 block min-h-11 max-w-full"
            onChange={(event) => setFiles([...(event.target.files ?? [])])}
          />
          {fileProblem ? (
            <Alert id="answer-files-problem" inline className="font-medium">
              {fileProblem}
            </Alert>
          ) : null}
        </div>
        <Button type="submit" disabled={!form.values.body.trim() || sending || Boolean(fileProblem)}>
          Send answer
        </Button>
      </Form>
    </section>
  );
}
