import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { downloadPortalDocument, type DealMessages, type PortalDealDetail } from "#domain/deals/portal-contracts.ts";
import { chosenFilesProblem } from "#domain/deals/new-deal-schema.ts";
import { dealFieldLabels, dealValueText } from "#domain/deals/deal-field-labels.ts";
import { canReply, creditTierLabel, isOpenStage, stageLabel, stageTags } from "#domain/deals/stages.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Form } from "../../components/ui/form.tsx";
import { Empty } from "../../components/ui/page-state.tsx";
import { TextareaField } from "../../components/ui/textarea-field.tsx";
import { downloadUrl } from "../../lib/call.ts";
import { brand } from "../../lib/public-config.ts";
import { ReferredBadge, StageStrip } from "./deals-table.tsx";
import type { PortalApproval } from "#domain/funders/deal-funder-contracts.ts";
import { ApprovalSection } from "./approval-section.tsx";
import { FilesInput } from "./files-input.tsx";
import { StipsSection } from "./stips/stips-section.tsx";
import type { VendorStip } from "#domain/stips/contracts.ts";
import type { DealerSigningPackage } from "#domain/signing/package-status.ts";
import { SigningProgress } from "./signing/signing-progress.tsx";
import type { DealerFunding } from "#domain/funding/dealer-funding.ts";
import { PortalDealFunding } from "./funding/deal-funding.tsx";

/** What the deal page's action answers (routes/portal-deal.tsx). */
export type PortalDealActionResult = { intent: "message" | "documents" | "stip"; ok: boolean; error: string | null };

type Props = {
  page: PortalDealDetail;
  thread: DealMessages;
  approval: PortalApproval;
  stips: VendorStip[];
  signing: DealerSigningPackage | null;
  funding: DealerFunding | null;
};

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { timeZone: brand.timeZone, dateStyle: "medium", timeStyle: "short" });
/** The vendor's history names fields as the back office does; a figure outside the calculator is estimated (docs/product-rules.md#r10-estimates-are-labelled). */
const fieldLabel = (field: PortalDealDetail["history"][number]["field"]) =>
  field === "approvedAmount" ? `${dealFieldLabels.approvedAmount} (estimated)` : dealFieldLabels[field];

function Outcome({ fetcher, done }: { fetcher: ReturnType<typeof useFetcher<PortalDealActionResult>>; done: string }) {
  if (fetcher.state !== "idle" || !fetcher.data) return null;
  return fetcher.data.ok ? (
    <Alert tone="success" className="mt-2">
      {done}
    </Alert>
  ) : (
    <Alert className="mt-2">{fetcher.data.error}</Alert>
  );
}

/** Adds documents to the deal after it was submitted (remounted empty once they are stored). */
function AddDocuments({ onSubmit, sending }: { onSubmit: (files: File[]) => void; sending: boolean }) {
  const [files, setFiles] = useState<File[]>([]);
  const problem = chosenFilesProblem(files);
  return (
    <Form
      aria-label="Add documents"
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (files.length && !problem) onSubmit(files);
      }}
    >
      <FilesInput id="add-documents" name="document" label="Add documents" onChange={setFiles} problem={problem} />
      <Button type="submit" variant="secondary" disabled={!files.length || Boolean(problem) || sending}>
        Upload documents
      </Button>
    </Form>
  );
}

/** The vendor's message to the credit team (remounted empty once sent). */
function Reply({ onSubmit, sending }: { onSubmit: (body: string, files: File[]) => void; sending: boolean }) {
  const [body, setBody] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const problem = chosenFilesProblem(files);
  return (
    <Form
      aria-label="Write to the credit team"
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim() && !problem) onSubmit(body, files);
      }}
    >
      <TextareaField
        label="Message"
        name="body"
        rows={3}
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      <FilesInput
        id="reply-attachments"
        name="attachment"
        label="Attachments (optional)"
        onChange={setFiles}
        problem={problem}
      />
      <Button type="submit" disabled={!body.trim() || Boolean(problem) || sending}>
        Send
      </Button>
    </Form>
  );
}

/** One deal for its vendor: details and stage, documents (and more later), the thread with the credit team, the history. */
export function PortalDealPage({ page, thread, approval, stips, signing, funding }: Props) {
  const message = useFetcher<PortalDealActionResult>();
  const documents = useFetcher<PortalDealActionResult>();
  const { deal, history } = page;
  const lastAuthor = thread.messages.at(-1)?.author ?? null;
  const attachmentCount = thread.messages.reduce((count, entry) => count + entry.attachments.length, 0);

  const sendMessage = (body: string, files: File[]) => {
    const form = new FormData();
    form.append("intent", "message");
    form.append("body", body);
    for (const file of files) form.append("attachment", file, file.name);
    void message.submit(form, { method: "post", encType: "multipart/form-data" });
  };
  const addDocuments = (files: File[]) => {
    const form = new FormData();
    form.append("intent", "documents");
    for (const file of files) form.append("document", file, file.name);
    void documents.submit(form, { method: "post", encType: "multipart/form-data" });
  };

  return (
    <>
      <p>
        <Link to="/portal" className="text-brand-700 underline">
          ← All deals
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold break-words text-brand-900">{deal.businessName}</h1>
      <p className="mt-1 text-slate-700">
        {deal.accountNumber} · <span className="font-medium">{stageLabel(deal.stage)}</span>
        {stageTags(deal.stage).map((tag) => (
          <span key={tag} className="ml-1 rounded bg-slate-200 px-1.5 py-0.5 text-xs">
            {tag}
          </span>
        ))}
        {deal.referred ? <ReferredBadge /> : null}
      </p>
      {isOpenStage(deal.stage) ? <StageStrip stage={deal.stage} /> : null}
      {approval ? <ApprovalSection approval={approval} /> : null}
      {stips.length > 0 ? <StipsSection stips={stips} /> : null}
      {funding ? <PortalDealFunding funding={funding} /> : null}
      {signing ? <SigningProgress dealId={page.deal.id} signing={signing} /> : null}

      <section aria-labelledby="details-heading" className="mt-6">
        <h2 id="details-heading" className="text-xl font-semibold">
          Details
        </h2>
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium">Owner</dt>
          <dd>{deal.ownersName}</dd>
          <dt className="font-medium">Stage</dt>
          <dd>{stageLabel(deal.stage)}</dd>
          <dt className="font-medium">Credit tier</dt>
          <dd>{creditTierLabel(deal.dealScore)}</dd>
          <dt className="font-medium">Notes</dt>
          <dd className="whitespace-pre-wrap break-words">{deal.notes || "—"}</dd>
          <dt className="font-medium">Amount</dt>
          <dd>{formatUsd(deal.costOfEquipment)}</dd>
          <dt className="font-medium">Down payment</dt>
          <dd>{formatUsd(deal.downPayment)}</dd>
          <dt className="font-medium">Financed</dt>
          <dd>{formatUsd(deal.costOfEquipment - deal.downPayment)}</dd>
          <dt className="font-medium">Description</dt>
          <dd className="break-words">{deal.description || "—"}</dd>
          <dt className="font-medium">Submitted</dt>
          <dd>{when(deal.submittedAt)}</dd>
          <dt className="font-medium">Last update</dt>
          <dd>{when(deal.lastUpdate)}</dd>
        </dl>
      </section>

      <section aria-labelledby="documents-heading" className="mt-8">
        <h2 id="documents-heading" className="text-xl font-semibold">
          Documents
        </h2>
        {thread.documents.length === 0 ? (
          <Empty className="mt-2">No documents.</Empty>
        ) : (
          <ul className="mt-2 list-disc pl-5">
            {thread.documents.map((doc) => (
              <li key={doc.id}>
                <a
                  href={downloadUrl(downloadPortalDocument, { params: { id: doc.id } })}
                  className="break-all text-brand-700 underline"
                >
                  {doc.name}
                </a>
              </li>
            ))}
          </ul>
        )}
        {attachmentCount ? (
          <p className="mt-1 text-sm text-slate-700">Files attached to messages are listed with their message below.</p>
        ) : null}
        <AddDocuments key={thread.documents.length} onSubmit={addDocuments} sending={documents.state !== "idle"} />
        <Outcome fetcher={documents} done="Documents added. The credit team has been told." />
      </section>

      <section aria-labelledby="messages-heading" className="mt-8">
        <h2 id="messages-heading" className="text-xl font-semibold">
          Messages with the credit team
        </h2>
        {thread.messages.length === 0 ? <Empty className="mt-2">No messages yet.</Empty> : null}
        <ol aria-label="Messages" className="mt-2 space-y-2">
          {thread.messages.map((entry) => (
            <li
              key={entry.id}
              className={`rounded-md p-3 ${entry.author === "vendor" ? "bg-brand-50" : "bg-slate-100"}`}
            >
              <p className="text-sm font-semibold">
                {entry.author === "vendor" ? "You" : "Credit team"} · {when(entry.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{entry.body}</p>
              {entry.attachments.length ? (
                <ul aria-label="Attachments" className="mt-1 space-y-1">
                  {entry.attachments.map((attachment) => (
                    <li key={attachment.id}>
                      <a
                        href={downloadUrl(downloadPortalDocument, { params: { id: attachment.id } })}
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
        {canReply(deal.stage, lastAuthor) ? (
          <Reply key={thread.messages.length} onSubmit={sendMessage} sending={message.state !== "idle"} />
        ) : (
          <p role="status" className="mt-3">
            {isOpenStage(deal.stage)
              ? "Your message was sent. The credit team will answer here and by e-mail."
              : "This deal is closed: no more messages."}
          </p>
        )}
        <Outcome fetcher={message} done="Message sent to the credit team." />
      </section>

      <section aria-labelledby="history-heading" className="mt-8">
        <h2 id="history-heading" className="text-xl font-semibold">
          History
        </h2>
        <ul className="mt-2 space-y-1">
          <li>{when(deal.submittedAt)}: submitted</li>
          {history.map((entry) => (
            <li key={`${entry.at}-${entry.field}`} className="break-words">
              {when(entry.at)}: {fieldLabel(entry.field)} changed from “{dealValueText(entry.field, entry.from)}” to “
              {dealValueText(entry.field, entry.to)}”
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
