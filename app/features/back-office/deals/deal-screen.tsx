import { useEffect } from "react";
import { Link, useFetcher, type FetcherWithComponents } from "react-router";
import type { AdverseActionState } from "#domain/adverse-action/contracts.ts";
import type { BackOfficeDealDetail, DealUpdate } from "#domain/deals/back-office-contracts.ts";
import type { DuplicateLink } from "#domain/duplicates/contracts.ts";
import type { DealMessages } from "#domain/deals/portal-contracts.ts";
import { stageLabel } from "#domain/deals/stages.ts";
import { fromLeadText } from "#domain/deals/direct-deals.ts";
import { leadTypeLabels } from "#domain/leads/lead-inbox.ts";
import { useToast } from "../../../components/ui/toast.tsx";
import { AdverseActionSection } from "../adverse-action/adverse-action-section.tsx";
import { DuplicateFlag } from "../duplicates/duplicate-links.tsx";
import { DealClient } from "./deal-client.tsx";
import { DealEditForm } from "./deal-edit-form.tsx";
import { DealHistory } from "./deal-history.tsx";
import { DealThread } from "./deal-thread.tsx";
import { DealFundersSection } from "./deal-funders.tsx";
import { DealStipsSection } from "./deal-stips.tsx";
import type { DealStips } from "#domain/stips/contracts.ts";
import type { DealSigning } from "#domain/signing/back-office-contracts.ts";
import { DealSigningSection } from "../signing/deal-signing.tsx";
import type { DealFunding } from "#domain/funding/back-office-contracts.ts";
import { DealFundingSection } from "../funding/deal-funding.tsx";
import type { DealFunders } from "#domain/funders/deal-funder-contracts.ts";

/** What the deal route's action answers (routes/back-office-deal.tsx). */
export type DealActionResult = { intent: "update" | "answer"; ok: boolean; error: string | null };

/** Says how a submission ended, once, when its fetcher is done (the deal read again by then). */
function useOutcomeToast(fetcher: FetcherWithComponents<DealActionResult>, saved: string, failed: string) {
  const toast = useToast();
  const { state, data } = fetcher;
  useEffect(() => {
    if (state !== "idle" || !data) return;
    if (data.ok) toast({ title: saved, tone: "success" });
    else toast({ title: failed, message: data.error ?? undefined, tone: "error" });
  }, [state, data, toast, saved, failed]);
}

/** One deal for the credit team: client (with reveals), the deal form, the thread with the vendor, the history. */
export function DealScreen({
  detail,
  thread,
  adverseAction,
  duplicates,
  funders,
  stips,
  signing,
  funding,
}: {
  detail: BackOfficeDealDetail;
  thread: DealMessages;
  adverseAction: AdverseActionState;
  duplicates: DuplicateLink[];
  funders: DealFunders;
  stips: DealStips;
  signing: DealSigning;
  funding: DealFunding;
}) {
  const update = useFetcher<DealActionResult>();
  const answer = useFetcher<DealActionResult>();
  useOutcomeToast(update, "Deal saved", "The deal was not saved");
  useOutcomeToast(answer, "Answer sent to the vendor", "The answer was not sent");
  const { deal, client, history } = detail;

  const save = (changes: DealUpdate) => void update.submit(changes, { method: "patch", encType: "application/json" });
  const send = (body: string, files: File[]) => {
    const form = new FormData();
    form.append("body", body);
    for (const file of files) form.append("attachment", file, file.name);
    void answer.submit(form, { method: "post", encType: "multipart/form-data" });
  };

  return (
    <>
      <h1 className="text-2xl font-bold">{deal.businessName}</h1>
      <p className="mt-1 text-slate-700">
        {deal.accountNumber} · {deal.companyName}
        {deal.vendorEmail ? ` (${deal.vendorEmail})` : ""} · {stageLabel(deal.stage)}
      </p>
      {deal.referredThrough ? (
        <p className="mt-2 inline-block rounded bg-amber-100 px-2 py-1 font-semibold text-amber-900">
          {deal.referredThrough}
        </p>
      ) : null}
      {deal.fromLead ? (
        <p className="mt-2">
          {fromLeadText}:{" "}
          <Link
            to={`/back-office/leads/${deal.fromLead.type}/${deal.fromLead.id}`}
            className="text-brand-700 underline"
          >
            {leadTypeLabels[deal.fromLead.type]} of {deal.businessName}
          </Link>
        </p>
      ) : null}
      <DuplicateFlag links={duplicates} />
      <div className="mt-6 grid gap-8 xl:grid-cols-2">
        <DealClient deal={deal} client={client} documents={thread.documents} />
        {/* Read again after a save: the form starts over from what was stored. */}
        <DealEditForm key={deal.lastUpdate} deal={deal} onSave={save} saving={update.state !== "idle"} />
      </div>
      <DealFundersSection funders={funders} />
      <DealStipsSection stips={stips} />
      <DealSigningSection signing={signing} />
      <DealFundingSection funding={funding} />
      <AdverseActionSection state={adverseAction} />
      {deal.direct ? (
        <section aria-labelledby="no-vendor-heading" className="mt-8">
          <h2 id="no-vendor-heading" className="text-xl font-semibold">
            Messages
          </h2>
          <p className="mt-2 text-slate-700">
            This deal came to us directly: it has no vendor to write to. The applicant hears of its stage through the
            status mails.
          </p>
        </section>
      ) : (
        <DealThread
          key={thread.messages.length}
          messages={thread.messages}
          onAnswer={send}
          sending={answer.state !== "idle"}
        />
      )}
      <DealHistory history={history} />
    </>
  );
}
