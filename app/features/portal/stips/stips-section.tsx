import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { downloadPortalDocument } from "#domain/deals/portal-contracts.ts";
import { chosenFilesProblem } from "#domain/deals/new-deal-schema.ts";
import { stipReviewHours } from "#domain/response-times/response-promise.ts";
import { labelOf } from "#domain/funders/funder-terms.ts";
import { stipFileForm, type VendorStip } from "#domain/stips/contracts.ts";
import { maySendFor, stipSatisfiers, stipStatusLabel, takesFiles } from "#domain/stips/stip-rules.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { TextareaField } from "../../../components/ui/textarea-field.tsx";
import { downloadUrl } from "../../../lib/call.ts";
import { FilesInput } from "../files-input.tsx";
import type { PortalDealActionResult } from "../portal-deal-page.tsx";

/** What the dealer reads of who sends a stip. */
const sender = (stip: VendorStip) =>
  stip.satisfiedBy === "applicant"
    ? "From your customer (you may send it for them)"
    : stip.satisfiedBy === "dealer"
      ? "From you"
      : `The ${labelOf(stipSatisfiers, stip.satisfiedBy).toLowerCase()} sees to it`;

/** The files and a note for one stip, emptied once they are stored (the outcome stays said). */
function SendStip({ stip }: { stip: VendorStip }) {
  const fetcher = useFetcher<PortalDealActionResult>();
  const [files, setFiles] = useState<File[]>([]);
  const [note, setNote] = useState("");
  const [round, setRound] = useState(0);
  const stored = useRef<PortalDealActionResult | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok || stored.current === fetcher.data) return;
    stored.current = fetcher.data;
    setFiles([]);
    setNote("");
    setRound((count) => count + 1);
  }, [fetcher.state, fetcher.data]);
  const problem = chosenFilesProblem(files);
  const noteProblem = stipFileForm.safeParse({ note }).error?.issues[0]?.message;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!files.length || problem || noteProblem) return;
    const form = new FormData();
    form.append("intent", "stip");
    form.append("stipId", stip.id);
    form.append("note", note);
    for (const file of files) form.append("file", file, file.name);
    void fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
  };
  return (
    <Form aria-label={`Send ${stip.name}`} onSubmit={submit} className="mt-2 space-y-2">
      <FilesInput
        key={round}
        id={`stip-${stip.id}`}
        name="file"
        label={`Files for ${stip.name}`}
        onChange={setFiles}
        problem={problem}
      />
      <TextareaField
        label={`Note for the credit team (${stip.name}, optional)`}
        rows={2}
        value={note}
        error={noteProblem}
        onChange={(event) => setNote(event.target.value)}
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={!files.length || Boolean(problem) || fetcher.state !== "idle"}
      >
        Send {stip.name}
      </Button>
      {result ? (
        result.ok ? (
          <Alert tone="success">Sent: the credit team reviews it within {stipReviewHours}.</Alert>
        ) : (
          <Alert>{result.error}</Alert>
        )
      ) : null}
    </Form>
  );
}

/**
 * What the credit team still needs before documents (docs/product-rules.md#r55-stipulations): each
 * stip with who sends it, where it stands and a rejection's reason, and a form for the ones the
 * dealer may send.
 */
export function StipsSection({ stips }: { stips: VendorStip[] }) {
  const open = stips.filter((stip) => stip.status === "requested" || stip.status === "rejected").length;
  return (
    <section aria-labelledby="stips-heading" className="mt-6">
      <h2 id="stips-heading" className="text-xl font-semibold">
        Stips
      </h2>
      <p className="mt-1">
        {open === 0
          ? "Nothing is waiting on you or your customer."
          : `${open} ${open === 1 ? "stip is" : "stips are"} still needed before documents.`}
      </p>
      <ul className="mt-2 space-y-3">
        {stips.map((stip) => (
          <li key={stip.id} className="rounded border border-slate-300 p-3">
            <h3 className="font-semibold break-words">{stip.name}</h3>
            <p>
              <span className="font-medium">{stipStatusLabel(stip.status)}</span> · {sender(stip)}
            </p>
            {stip.description ? <p className="text-slate-700">{stip.description}</p> : null}
            {stip.status === "rejected" ? <p className="font-medium text-red-800">Sent back: {stip.reason}</p> : null}
            {stip.files.length > 0 ? (
              <ul aria-label={`Files sent for ${stip.name}`} className="mt-1 list-disc pl-5">
                {stip.files.map((file) => (
                  <li key={file.id}>
                    <a
                      href={downloadUrl(downloadPortalDocument, { params: { id: file.id } })}
                      className="text-brand-700 underline break-all"
                    >
                      {file.name}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            {takesFiles(stip.status) && maySendFor(stip.satisfiedBy, "dealer") ? <SendStip stip={stip} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
