import { Link } from "react-router";
import { stipReviewPromise, type StipToReview, type StipsToReview } from "#domain/stips/review-queue-contracts.ts";
import { stipSatisfiers } from "#domain/stips/stip-rules.ts";
import { labelOf } from "#domain/funders/funder-terms.ts";
import { formatBusinessDateTime } from "#domain/site/business-time.ts";
import { ListPager } from "../../../components/ui/list-controls.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { brand } from "../../../lib/public-config.ts";

const when = (iso: string) => formatBusinessDateTime(new Date(iso), brand.timeZone);

/** The deal's page, at its Stips section. */
export const stipDealPath = (stip: StipToReview) => `/back-office/deals/${stip.deal.id}#stips`;

const columns: TableColumn<StipToReview>[] = [
  { key: "name", header: "Stip", rowHeader: true, cell: (stip) => stip.name },
  { key: "by", header: "Sent by", cell: (stip) => labelOf(stipSatisfiers, stip.satisfiedBy) },
  {
    key: "deal",
    header: "Deal",
    cell: (stip) => (
      <Link to={stipDealPath(stip)} className="text-brand-700 underline">
        {stip.deal.businessName} ({stip.deal.accountNumber})
      </Link>
    ),
  },
  { key: "vendor", header: "Vendor", cell: (stip) => stip.vendorName ?? "Direct (no vendor)" },
  { key: "received", header: "Received", cell: (stip) => when(stip.receivedAt), className: "whitespace-nowrap" },
  {
    key: "due",
    header: "Review due",
    // Overdue is said in words (and weight), not by colour alone.
    cell: (stip) =>
      stip.dueAt === null ? (
        "—"
      ) : stip.overdue ? (
        <strong className="text-red-800">Overdue: was due {when(stip.dueAt)}</strong>
      ) : (
        when(stip.dueAt)
      ),
  },
];

/** "Stips to review" (docs/product-rules.md#r55-stipulations): received stips, oldest first, each linking to its deal. */
export function ReviewQueue({ queue }: { queue: StipsToReview }) {
  const overdue = queue.stips.filter((stip) => stip.overdue).length;
  return (
    <>
      <h1 className="text-2xl font-bold">Stips to review</h1>
      <p className="mt-1 max-w-prose text-slate-700">
        Stips a dealer or applicant sent, oldest received first. Each is {stipReviewPromise} (the credit team&apos;s
        hours, running on into the next working day): accept, reject with a reason, or waive it in the deal&apos;s Stips
        section.
      </p>
      {overdue > 0 ? (
        <p className="mt-2 font-semibold">
          {overdue} on this page {overdue === 1 ? "is" : "are"} overdue.
        </p>
      ) : null}
      <ListPager page={queue.page} noun="stips to review" />
      <Table
        caption="Stips to review"
        columns={columns}
        rows={queue.stips}
        rowKey={(stip) => stip.id}
        empty="No stips are waiting for a review."
      />
    </>
  );
}
