import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import type { DuplicateLink, DuplicateRecordType } from "#domain/duplicates/contracts.ts";
import { matchKindLabels } from "#domain/duplicates/match-keys.ts";
import { formatBusinessDateTime } from "#domain/site/business-time.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { useToast } from "../../../components/ui/toast.tsx";
import { brand } from "../../../lib/public-config.ts";

/** What the duplicate route's action answers (routes/back-office-duplicate-decision.tsx). */
export type DuplicateDecisionResult = { ok: boolean; error: string | null };

export const recordPath = (record: { type: DuplicateRecordType; id: string }) =>
  record.type === "deal" ? `/back-office/deals/${record.id}` : `/back-office/leads/${record.type}/${record.id}`;

const when = (iso: string) => formatBusinessDateTime(new Date(iso), brand.timeZone);
const statusText = (link: DuplicateLink) =>
  link.status === "open"
    ? "Open"
    : `${link.status === "merged" ? "Merged: one file" : "Dismissed: not the same business"}${link.decidedBy ? ` (${link.decidedBy}${link.decidedAt ? `, ${when(link.decidedAt)}` : ""})` : ""}`;

/** Merge or Dismiss one open link; the page is read again after. */
function DecideButtons({ link }: { link: DuplicateLink }) {
  const fetcher = useFetcher<DuplicateDecisionResult>();
  const toast = useToast();
  const { state, data } = fetcher;
  useEffect(() => {
    if (state !== "idle" || !data) return;
    if (data.ok) toast({ title: "Possible duplicate decided", tone: "success" });
    else toast({ title: "Not saved", message: data.error ?? undefined, tone: "error" });
  }, [state, data, toast]);
  if (link.status !== "open") return null;
  const decide = (decision: "merge" | "dismiss") =>
    void fetcher.submit(
      { decision },
      { method: "post", action: `/back-office/duplicates/${link.id}`, encType: "application/json" },
    );
  const about = `${link.newer.title} and ${link.earlier.title}`;
  return (
    <span className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        disabled={state !== "idle"}
        onClick={() => decide("merge")}
        aria-label={`Merge ${about}`}
      >
        Merge
      </Button>
      <Button
        variant="secondary"
        disabled={state !== "idle"}
        onClick={() => decide("dismiss")}
        aria-label={`Dismiss ${about}`}
      >
        Dismiss
      </Button>
    </span>
  );
}

const columns: TableColumn<DuplicateLink>[] = [
  {
    key: "newer",
    header: "Newer record",
    rowHeader: true,
    cell: (link) => (
      <Link to={recordPath(link.newer)} className="break-words text-brand-700 underline">
        {link.newer.title}
      </Link>
    ),
  },
  {
    key: "earlier",
    header: "Earlier record",
    cell: (link) => (
      <Link to={recordPath(link.earlier)} className="break-words text-brand-700 underline">
        {link.earlier.title}
      </Link>
    ),
  },
  {
    key: "reasons",
    header: "Matched on",
    cell: (link) => link.reasons.map((reason) => matchKindLabels[reason]).join(", "),
  },
  { key: "created", header: "Found", cell: (link) => when(link.createdAt) },
  { key: "status", header: "Status", cell: (link) => statusText(link) },
  { key: "decide", header: "Decide", cell: (link) => <DecideButtons link={link} /> },
];

/** Possible duplicates for staff (never shown in the vendor portal). */
export function DuplicateLinksTable({
  links,
  caption,
  empty,
}: {
  links: readonly DuplicateLink[];
  caption: string;
  empty: string;
}) {
  return <Table caption={caption} columns={columns} rows={links} rowKey={(link) => link.id} empty={empty} />;
}

/** The flag on a deal's or lead's page: the records this one is (possibly) the same business or owner as. */
export function DuplicateFlag({ links }: { links: readonly DuplicateLink[] }) {
  if (links.length === 0) return null;
  const open = links.filter((link) => link.status === "open").length;
  return (
    <section aria-labelledby="duplicates-heading" className="mt-6 rounded-lg border border-amber-400 bg-amber-50 p-4">
      <h2 id="duplicates-heading" className="text-xl font-semibold">
        Possible duplicates
      </h2>
      <p role="status" className="mt-1">
        {open > 0
          ? `${open} possible duplicate${open === 1 ? "" : "s"} to decide: the same business or owner applied within 90 days.`
          : "Decided: see below."}
      </p>
      <DuplicateLinksTable links={links} caption="Possible duplicates of this record" empty="" />
    </section>
  );
}
