import { approvalTermRows } from "#domain/funders/approval-terms.ts";
import { useState } from "react";
import { useFetcher } from "react-router";
import { applicantStipStatusLabels } from "#domain/applicant-portal/applicant-access.ts";
import type { ApplicantApplication, ApplicantStip } from "#domain/applicant-portal/contracts.ts";
import { acceptAttribute, chosenFilesProblem } from "#domain/deals/new-deal-schema.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Form } from "../../components/ui/form.tsx";
import { TextareaField } from "../../components/ui/textarea-field.tsx";
import { brand } from "../../lib/public-config.ts";
import type { ApplicantActionResult } from "./applicant-action.ts";

const longDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-US", { timeZone: brand.timeZone, hour: "numeric", minute: "2-digit" });

type Approval = NonNullable<ApplicantApplication["approval"]>;

function expiry({ daysLeft, expiresOn }: Approval): string {
  if (daysLeft < 0)
    return `This approval expired on ${longDate(expiresOn)}. Your finance specialist can ask to renew it.`;
  if (daysLeft === 0) return `This approval expires today, ${longDate(expiresOn)}.`;
  return `This approval is good until ${longDate(expiresOn)} (${daysLeft} ${daysLeft === 1 ? "day" : "days"} left).`;
}

/** The approval's summary: amount, term, payment or rate, down payment, expiry; the lender only when shown. */
function ApprovalSummary({ approval }: { approval: Approval }) {
  const terms = approvalTermRows(approval, "Lender");
  return (
    <section aria-labelledby="approval-heading" className="mt-8 rounded-md border border-green-300 bg-green-50 p-4">
      <h2 id="approval-heading" className="text-xl font-semibold text-brand-900">
        Your approval
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        {terms.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={`mt-3 font-semibold ${approval.daysLeft < 0 ? "text-red-800" : ""}`}>{expiry(approval)}</p>
      <p className="mt-2 text-sm text-slate-700">
        Your finance specialist goes over the terms with you before anything is signed.
      </p>
    </section>
  );
}

/** One stip: what to send, where it stands, a rejection's reason, and a form for its files while it takes them. */
function StipItem({ stip }: { stip: ApplicantStip }) {
  const fetcher = useFetcher<ApplicantActionResult>();
  const outcome = fetcher.state === "idle" ? fetcher.data : undefined;
  const headingId = `stip-${stip.id}-name`;
  return (
    <li className="rounded-md border border-slate-300 p-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-semibold text-brand-900">
        {stip.name}
      </h3>
      {stip.description ? <p className="mt-1">{stip.description}</p> : null}
      <p className="mt-2">
        <span className="font-medium">Status:</span> {applicantStipStatusLabels[stip.status]}
      </p>
      {stip.reason ? (
        <p className="mt-1">
          <span className="font-medium">Why:</span> {stip.reason}
        </p>
      ) : null}
      {outcome?.ok ? (
        <Alert tone="success" className="mt-3">
          Thank you: we received your files and will check them.
        </Alert>
      ) : null}
      {stip.takesFiles ? (
        // Emptied once the files are in.
        <StipFilesForm key={outcome?.ok ? "sent" : "editing"} stip={stip} fetcher={fetcher} headingId={headingId} />
      ) : null}
    </li>
  );
}

function StipFilesForm({
  stip,
  fetcher,
  headingId,
}: {
  stip: ApplicantStip;
  fetcher: ReturnType<typeof useFetcher<ApplicantActionResult>>;
  headingId: string;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [note, setNote] = useState("");
  const [tried, setTried] = useState(false);
  const fileProblem = files.length === 0 ? "Please choose at least one file." : chosenFilesProblem(files);
  const outcome = fetcher.state === "idle" ? fetcher.data : undefined;
  const inputId = `stip-${stip.id}-files`;
  const problemId = `${inputId}-problem`;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (fileProblem) return;
    const form = new FormData();
    form.set("intent", "stip");
    form.set("stipId", stip.id);
    form.set("note", note);
    for (const file of files) form.append("file", file, file.name);
    void fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
  };

  return (
    <Form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="mt-3 space-y-3">
      <div>
        <label htmlFor={inputId} className="block font-medium">
          Files for {stip.name}
        </label>
        <input
          id={inputId}
          name="file"
          type="file"
          multiple
          accept={acceptAttribute}
          aria-describedby={tried && fileProblem ? problemId : `${inputId}-help`}
          className="mt-1 block min-h-11 max-w-full"
          onChange={(event) => setFiles([...(event.target.files ?? [])])}
        />
        <p id={`${inputId}-help`} className="mt-1 text-sm text-slate-700">
          PDF, Word, or a photo or scan. Up to 25 MB a file.
        </p>
        {tried && fileProblem ? (
          <Alert id={problemId} inline className="font-medium">
            {fileProblem}
          </Alert>
        ) : null}
      </div>
      <TextareaField
        label="A note for us (optional)"
        rows={2}
        maxLength={1000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <Alert live>{outcome && !outcome.ok ? outcome.error : null}</Alert>
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Sending…" : "Send"}
      </Button>
    </Form>
  );
}

/** The applicant's own page (docs/product-rules.md#r56-the-applicants-page), once the mailed code opened it. */
export function ApplicantPage({ page }: { page: ApplicantApplication }) {
  const signOut = useFetcher<ApplicantActionResult>();
  return (
    <div className="mt-4">
      <p className="text-lg">
        {page.businessName}
        {page.equipment ? <span className="text-slate-700">: {page.equipment}</span> : null}
      </p>
      <section aria-labelledby="status-heading" className="mt-6 rounded-md border-l-4 border-brand-600 bg-brand-50 p-4">
        <h2 id="status-heading" className="text-2xl font-bold text-brand-900">
          {page.status.headline}
        </h2>
        <p className="mt-2">{page.status.detail}</p>
      </section>
      {page.approval ? <ApprovalSummary approval={page.approval} /> : null}
      {page.stips.length > 0 ? (
        <section aria-labelledby="stips-heading" className="mt-8">
          <h2 id="stips-heading" className="text-xl font-semibold text-brand-900">
            What we need from you
          </h2>
          <p className="mt-1">Send each item here. We check what you send and tell you if anything else is needed.</p>
          <ul className="mt-4 space-y-4">
            {page.stips.map((stip) => (
              <StipItem key={stip.id} stip={stip} />
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-10 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-700">
          For your privacy this page closes at {clock(page.sessionEndsAt)}. Questions? Call us at {brand.phone}.
        </p>
        <Button
          type="button"
          variant="secondary"
          disabled={signOut.state !== "idle"}
          onClick={() => void signOut.submit({ intent: "sign-out" }, { method: "post" })}
        >
          Close my page
        </Button>
      </div>
    </div>
  );
}
