import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { dealUpdateRequest, type DealUpdate } from "#domain/deals/back-office-contracts.ts";
import { monthAndYearInTimeZone } from "#domain/deals/business-month.ts";
import { newDealClientSchema } from "#domain/deals/new-deal-schema.ts";
import { canReply } from "#domain/deals/stages.ts";
import type { Database } from "../db/client.ts";
import { createDeal } from "../deals/create-deal.ts";
import { postMessage } from "../deals/post-message.ts";
import { deal, dealDocument, dealHistory, dealMessage } from "../deals/tables.ts";
import { updateDeal } from "../deals/update-deal.ts";
import { dealerRoles } from "#domain/auth/dealer-roles.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";
import type { DemoSampleDeps } from "./demo-sample-deps.ts";
import { retimeClock } from "./retime-clock.ts";
import type { DemoPeople, SampleContext, VendorPerson } from "./sample-context.ts";
import { demoVendorDeals, otherVendorDeals, type DealSample } from "./sample-deals.ts";
import { sampleNewDealFields } from "./sample-requests.ts";
import { storeSampleFile } from "./store-sample-file.ts";

const hour = 60 * 60 * 1000;
const minute = 60 * 1000;

/** The adverse-action timeline of a declined sample: received two days ago, decided yesterday, notice sent today. */
function withDates(update: DealUpdate, day: (daysAgo: number) => string): DealUpdate {
  const dates = { received: day(2), completed: day(1), notice: day(0) } as Record<string, string>;
  const fill = (value: string | null | undefined) => (value ? (dates[value] ?? value) : value);
  return {
    ...update,
    declinedReceivedOn: fill(update.declinedReceivedOn),
    declinedCompletedOn: fill(update.declinedCompletedOn),
    declinedNoticeSentOn: fill(update.declinedNoticeSentOn),
  };
}

/** The earliest instant of the current business month (to the minute). */
function startOfBusinessMonth(now: Date, timeZone: string): Date {
  const current = monthAndYearInTimeZone(now, timeZone);
  const sameMonth = (date: Date) => {
    const at = monthAndYearInTimeZone(date, timeZone);
    return at.month === current.month && at.year === current.year;
  };
  let inside = now.getTime();
  let outside = now.getTime() - 32 * 24 * hour;
  while (inside - outside > minute) {
    const middle = Math.floor((inside + outside) / 2);
    if (sameMonth(new Date(middle))) inside = middle;
    else outside = middle;
  }
  return new Date(inside);
}

/**
 * Spreads a deal's events (history rows and messages, in the order they were made) evenly between
 * its submission and `end`, as if the pipeline had run over those hours. A comment given with the
 * deal (made in the same transaction as the deal) stays at the submission.
 */
async function retimeDeal(db: Database, dealId: string, start: Date, end: Date, timeZone: string) {
  const [original] = await db.select({ createdAt: deal.createdAt }).from(deal).where(eq(deal.id, dealId));
  const submitted = original!.createdAt.getTime();
  const { month, year } = monthAndYearInTimeZone(start, timeZone);
  await db
    .update(deal)
    .set({ createdAt: start, lastUpdate: end, monthSubmitted: month, yearInFile: year })
    .where(eq(deal.id, dealId));
  await db.update(dealDocument).set({ uploadedAt: start }).where(eq(dealDocument.dealId, dealId));
  const history = await db
    .select({ id: dealHistory.id, at: dealHistory.at })
    .from(dealHistory)
    .where(eq(dealHistory.dealId, dealId));
  const messages = await db
    .select({ id: dealMessage.id, at: dealMessage.createdAt })
    .from(dealMessage)
    .where(eq(dealMessage.dealId, dealId));
  // One event per update (its rows share the transaction's time) or message, in order.
  const events = [
    ...new Set([...history, ...messages].map((row) => row.at.getTime()).filter((at) => at !== submitted)),
  ].sort((a, b) => a - b);
  const timeOf = (at: Date) =>
    at.getTime() === submitted
      ? start
      : new Date(
          start.getTime() +
            ((events.indexOf(at.getTime()) + 1) / (events.length + 1)) * (end.getTime() - start.getTime()),
        );
  for (const row of history)
    await db
      .update(dealHistory)
      .set({ at: timeOf(row.at) })
      .where(eq(dealHistory.id, row.id));
  for (const row of messages) {
    await db
      .update(dealMessage)
      .set({ createdAt: timeOf(row.at) })
      .where(eq(dealMessage.id, row.id));
    await db
      .update(dealDocument)
      .set({ uploadedAt: timeOf(row.at) })
      .where(eq(dealDocument.messageId, row.id));
  }
}

async function createSampleDeal(
  db: Database,
  deps: DemoSampleDeps,
  context: SampleContext,
  people: DemoPeople,
  vendor: VendorPerson,
  sample: DealSample,
  index: number,
  day: (daysAgo: number) => string,
) {
  // As requireVendorScope makes it from the session; the samples are submitted, never listed, so the role does not matter.
  const scope = {
    companyId: vendor.companyId,
    userId: vendor.id,
    email: vendor.email,
    dealerRole: dealerRoles.admin,
  } as VendorScope;
  const dealId = randomUUID();
  const client = newDealClientSchema.parse(
    sampleNewDealFields({
      businessName: sample.businessName,
      ownersName: sample.ownersName,
      businessPhone: `(555) 555-01${String(20 + index)}`,
      businessEmail: `office@${sample.businessName
        .replace(/^Sample — /, "")
        .toLowerCase()
        .replace(/[^a-z]+/g, "")}.example`,
      equipDesc: sample.equipment,
      costOfEq: sample.cost,
      downPayment: sample.down,
      businessTaxId: "00-5550100",
      dobContact: "1980-01-01",
      VendorComment: sample.comment ?? "",
    }),
  );
  const files = await Promise.all(
    sample.files.map((file, index) =>
      storeSampleFile(deps.storage, dealId, index === 0 ? "client-info" : "additional-1", file, sample.businessName),
    ),
  );
  await createDeal(db, deps.cipher, context, scope, dealId, client, files);
  const logicalFolder = `${vendor.email}/${client.businessName}`;
  let currentStage = 1;
  let lastAuthor: "vendor" | "staff" | null = client.VendorComment ? "vendor" : null;
  for (const step of sample.steps) {
    if ("update" in step) {
      await updateDeal(db, context, people.admin, dealId, dealUpdateRequest.parse(withDates(step.update, day)));
      currentStage = step.update.stage ?? currentStage;
      continue;
    }
    const { from, body, attachment } = step.message;
    if (from === "vendor" && !canReply(currentStage, lastAuthor))
      throw new Error(`Sample ${sample.businessName}: the vendor could not write now`);
    const attachments = attachment
      ? [await storeSampleFile(deps.storage, dealId, "message", attachment, sample.businessName)]
      : [];
    await postMessage(db, context, {
      dealId,
      businessName: client.businessName,
      author:
        from === "vendor"
          ? { userId: vendor.id, role: "vendor", email: vendor.email }
          : { userId: people.admin.id, role: "staff", email: people.admin.email },
      recipient: from === "vendor" ? context.creditTeamEmail : vendor.email,
      body,
      attachments,
      logicalFolder,
    });
    lastAuthor = from;
  }
  return dealId;
}

/**
 * Both companies' sample deals, through the portal's and the back office's functions. The current
 * month's fit between the month's start and `now`, so the dashboard shows them.
 */
export async function createSampleDeals(
  db: Database,
  deps: DemoSampleDeps,
  context: SampleContext,
  people: DemoPeople,
  now: Date,
): Promise<void> {
  const timeZone = context.timeZone;
  const monthStart = startOfBusinessMonth(now, timeZone);
  const samples = [
    // Every third of the demo company's deals is one rep's, the next the other's: each sees their own.
    ...demoVendorDeals.map((sample, index) => ({
      sample,
      vendor: index % 3 === 0 ? people.vendor : (people.reps[(index % 3) - 1] ?? people.vendor),
    })),
    ...otherVendorDeals.map((sample) => ({ sample, vendor: people.otherVendor })),
  ];
  const longest =
    Math.max(...samples.filter(({ sample }) => !sample.earlierMonth).map(({ sample }) => sample.hoursAgo)) * hour;
  const scale = Math.min(1, ((now.getTime() - monthStart.getTime()) * 0.9) / longest);
  const day = (daysAgo: number) =>
    new Date(now.getTime() - daysAgo * 24 * hour).toLocaleDateString("en-CA", { timeZone });
  for (const [index, { sample, vendor }] of samples.entries()) {
    const dealId = await createSampleDeal(db, deps, context, people, vendor, sample, index, day);
    const age = sample.earlierMonth
      ? Math.max(sample.hoursAgo * hour, now.getTime() - monthStart.getTime() + 24 * hour)
      : sample.hoursAgo * hour * scale;
    const start = new Date(now.getTime() - age);
    const end = new Date(now.getTime() - Math.min(age * 0.1, 2 * hour));
    await retimeDeal(db, dealId, start, end, timeZone);
    await retimeClock(db, context.promise, { type: "deal", id: dealId }, start);
  }
}
