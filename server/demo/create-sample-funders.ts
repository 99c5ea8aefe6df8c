import { and, desc, eq } from "drizzle-orm";
import { funderAnswerInput, blankFunderAnswer } from "#domain/funders/deal-funder-contracts.ts";
import { funderInput, type FunderInput } from "#domain/funders/contracts.ts";
import { addCalendarDays, businessDayOf } from "#domain/site/business-day.ts";
import type { Database } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { presentApproval } from "../funders/present-approval.ts";
import { recordFunderAnswer } from "../funders/record-funder-answer.ts";
import { saveFunder } from "../funders/save-funder.ts";
import { sendToFunders } from "../funders/send-to-funders.ts";
import { funderAnswer, funderSubmission } from "../funders/tables.ts";
import { receiveStipFiles } from "../stips/receive-stip-file.ts";
import { reviewStip } from "../stips/review-stip.ts";
import { dealStip } from "../stips/tables.ts";
import type { DemoSampleDeps } from "./demo-sample-deps.ts";
import type { DemoPeople, SampleContext } from "./sample-context.ts";
import { storeSampleFile } from "./store-sample-file.ts";
import { sampleNote } from "./sample-deals.ts";
import { updateDeal } from "../deals/update-deal.ts";

const noLimits = {
  minCreditScore: "",
  minMonthsInBusiness: "",
  minAmount: "",
  maxAmount: "",
  industries: "",
  states: "",
};
const sampleFunders: FunderInput[] = [
  {
    name: "Sample — Harbor Capital",
    contactName: "Dana Reyes",
    contactEmail: "credit@harbor-capital.example",
    contactPhone: "(555) 010-2000",
    programs: "equipment-finance, lease",
    ...noLimits,
    maxAmount: "500,000",
    active: true,
  },
  {
    name: "Sample — Open Plains Leasing",
    contactName: "Sam Whitaker",
    contactEmail: "deals@openplains.example",
    contactPhone: "(555) 010-3000",
    programs: "lease, equipment-finance, start-up",
    ...noLimits,
    active: true,
  },
  {
    name: "Sample — Granite Bank",
    contactName: "Priya Shah",
    contactEmail: "equipment@granitebank.example",
    contactPhone: "(555) 010-4000",
    programs: "equipment-finance",
    ...noLimits,
    minCreditScore: "700",
    minMonthsInBusiness: "24",
    minAmount: "25,000",
    active: true,
  },
  {
    name: "Sample — Summit Working Capital",
    contactName: "",
    contactEmail: "",
    contactPhone: "",
    programs: "working-capital, line-of-credit",
    ...noLimits,
    active: true,
  },
];

/**
 * The network at work on the demo company's deals (docs/product-rules.md#r54-the-funder-network,
 * docs/product-rules.md#r55-stipulations), through the same functions as the back office and the
 * portal: a new deal sent to two funders (one pending, one declined), an approved deal with its stips
 * (one sent by the dealer and waiting for review, one sent back with a reason, the rest open), and an
 * approval about to expire.
 */
export async function createSampleFunders(
  db: Database,
  deps: DemoSampleDeps,
  context: SampleContext,
  people: DemoPeople,
  now: Date,
): Promise<void> {
  const by = { userId: people.admin.id, ipAddress: "127.0.0.1" };
  const staff = { id: people.admin.id, email: people.admin.email, ipAddress: "127.0.0.1" };
  const [harbor, openPlains] = await Promise.all(
    sampleFunders.map((values) => saveFunder(db, by, funderInput.parse(values))),
  );
  const today = businessDayOf(now, context.timeZone);
  const dealNamed = async (businessName: string) => {
    const [found] = await db.select().from(deal).where(eq(deal.businessName, businessName.toUpperCase()));
    if (!found) throw new Error(`No sample deal ${businessName}`);
    return found;
  };
  const answer = async (dealId: string, funderId: string, values: Partial<typeof blankFunderAnswer>) => {
    const [submission] = await db
      .select({ id: funderSubmission.id })
      .from(funderSubmission)
      .where(and(eq(funderSubmission.dealId, dealId), eq(funderSubmission.funderId, funderId)));
    await recordFunderAnswer(
      db,
      by,
      dealId,
      submission!.id,
      funderAnswerInput.parse({ ...blankFunderAnswer, ...values }),
    );
    const [latest] = await db
      .select({ id: funderAnswer.id })
      .from(funderAnswer)
      .where(eq(funderAnswer.submissionId, submission!.id))
      .orderBy(desc(funderAnswer.enteredAt))
      .limit(1);
    return { submissionId: submission!.id, answerId: latest!.id };
  };
  const terms = { amount: "", termMonths: "", payment: "" };

  // A new deal: sent to two funders, one still thinking, one declined.
  const granite = await dealNamed("Sample — Granite Peak Excavation");
  await sendToFunders(db, by, granite.id, [harbor!.id, openPlains!.id]);
  await answer(granite.id, openPlains!.id, {
    decision: "declined",
    declineReasons: "time-in-business",
    note: "Wants two years in business.",
  });

  // An approval with its stips: the dealer sent the invoice, the bank statements came back short.
  const bakery = await dealNamed("Sample — Harbor Light Bakery");
  await sendToFunders(db, by, bakery.id, [harbor!.id]);
  const approved = await answer(bakery.id, harbor!.id, {
    ...terms,
    decision: "conditioned",
    amount: "42,000",
    termMonths: "60",
    payment: "871.22",
    downPayment: "2,000",
    conditions: "Voided business check",
  });
  await presentApproval(db, context, staff, { dealId: bakery.id, ...approved }, today);
  const stips = await db.select().from(dealStip).where(eq(dealStip.dealId, bakery.id));
  const stipNamed = (name: string) => stips.find((stip) => stip.name === name)!;
  const dealer = {
    kind: "dealer" as const,
    userId: people.vendor.id,
    email: people.vendor.email,
    ipAddress: "127.0.0.1",
  };
  const send = async (name: string, file: string, note: string) => {
    const stored = await storeSampleFile(
      deps.storage,
      bakery.id,
      "stip",
      { name: file, kind: "pdf" },
      bakery.businessName,
    );
    await receiveStipFiles(db, context, dealer, bakery, stipNamed(name).id, [stored], note);
  };
  await send("Equipment invoice", "deck-ovens-invoice.pdf", "Invoice with serial numbers.");
  await send("Bank statements (last 3 months)", "bank-statements.pdf", "From the customer.");
  await reviewStip(db, context, by, bakery.id, stipNamed("Bank statements (last 3 months)").id, {
    review: "reject",
    reason: "Only two months are there: please send the third.",
  });

  // An approval about to expire: the funder gave four days.
  const cedar = await dealNamed("Sample — Cedar Ridge Landscaping");
  await sendToFunders(db, by, cedar.id, [openPlains!.id]);
  const expiring = await answer(cedar.id, openPlains!.id, {
    ...terms,
    decision: "approved",
    amount: "17,000",
    termMonths: "36",
    rate: "9.5",
    expiresOn: addCalendarDays(today, 4),
  });
  await presentApproval(db, context, staff, { dealId: cedar.id, ...expiring }, today);
  await updateDeal(db, context, staff, cedar.id, {
    notes: `Approved: 36 months at 9.5%, for four days. ${sampleNote}`,
  });
}
