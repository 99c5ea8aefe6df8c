import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { dealUpdateRequest, type DealUpdate } from "#domain/deals/back-office-contracts.ts";
import { calculatorLeadRequest } from "#domain/calculator/calculator-schema.ts";
import { monthAndYearInTimeZone } from "#domain/deals/business-month.ts";
import { acceptedDocumentTypes, newDealClientSchema } from "#domain/deals/new-deal-schema.ts";
import { canReply } from "#domain/deals/stages.ts";
import { creditApplicationRequest } from "#domain/leads/credit-application-schema.ts";
import { footerMessageRequest } from "#domain/leads/footer-message-schema.ts";
import type { LeadStatus, LeadType } from "#domain/leads/lead-inbox.ts";
import { dealCallbackMinutes, responseDueAt, type ResponsePromise } from "#domain/response-times/response-promise.ts";
import { vendorContactRequest } from "#domain/leads/vendor-contact-schema.ts";
import { questionnaireAnswerRequest } from "#domain/questionnaire/answer-schema.ts";
import { pickedOptionRequest } from "#domain/questionnaire/picked-option-schema.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { calculatorLead } from "../calculator/tables.ts";
import { deal, dealDocument, dealHistory, dealMessage } from "../deals/tables.ts";
import { creditApplication, footerMessage, leadStatus, vendorContact } from "../leads/tables.ts";
import { pickedOption, questionnaireAnswer } from "../questionnaire/tables.ts";
import { responseClock } from "../response-times/tables.ts";
import { updateDeal } from "../deals/update-deal.ts";
import { updateLead } from "../leads/update-lead.ts";
import { chooseCalculatorOption } from "../calculator/choose-calculator-option.ts";
import { createCalculatorLead } from "../calculator/create-calculator-lead.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { createCreditApplication } from "../leads/create-credit-application.ts";
import { markQuoteApplied } from "../quotes/open-quote-link.ts";
import { createFooterMessage } from "../leads/create-footer-message.ts";
import { createVendorContact } from "../leads/create-vendor-contact.ts";
import type { LeadContext } from "../shared/request-context.ts";
import { createDeal } from "../deals/create-deal.ts";
import { postMessage } from "../deals/post-message.ts";
import type { StoredUpload } from "../shared/receive-uploads.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";
import { createPickedOption } from "../questionnaire/create-picked-option.ts";
import { createQuestionnaireAnswer } from "../questionnaire/create-questionnaire-answer.ts";
import { requestContact } from "../questionnaire/request-contact.ts";
import type { FileStorage } from "../shared/storage/file-storage.ts";
import { openFileStorage } from "../shared/storage/open-file-storage.ts";
import { configuredOrGeneratedSecret } from "../secrets.ts";
import { createFieldCipher } from "../shared/crypto/field-cipher.ts";
import { samplePdf, samplePng } from "./demo-files.ts";

/** What the sample data is stored through: the app's file storage and field cipher, and its settings. */
export type DemoSampleDeps = {
  storage: FileStorage;
  cipher: FieldCipher;
  config: Pick<Config, "creditTeamEmail" | "publicUrl" | "public" | "leadRateLimitMax">;
};

type Person = { id: string; email: string };
type VendorPerson = Person & { companyId: string; companyName: string };
export type DemoPeople = { admin: Person; vendor: VendorPerson; otherVendor: VendorPerson };

export const sampleNote = "Sample deal created by the demo seed.";
export const otherDemoCompany = { name: "Sample — Riverbend Equipment Rentals", companyCode: "100300" };

const hour = 60 * 60 * 1000;
const minute = 60 * 1000;

type Attachment = { name: string; kind: "pdf" | "png"; title?: string };
type Step = { update: DealUpdate } | { message: { from: "vendor" | "staff"; body: string; attachment?: Attachment } };

type DealSample = {
  businessName: string;
  ownersName: string;
  equipment: string;
  cost: string;
  down: string;
  comment?: string;
  hoursAgo: number;
  /** Submitted in an earlier month (shows the month filter); otherwise within the current business month. */
  earlierMonth?: boolean;
  files: Attachment[];
  steps: Step[];
};

const stage = (to: number, notes: string, more: Omit<DealUpdate, "stage" | "notes"> = {}): Step => ({ update: { stage: to as DealUpdate["stage"], notes: `${notes} ${sampleNote}`, ...more } });
const fromVendor = (body: string, attachment?: Attachment): Step => ({ message: { from: "vendor", body, attachment } });
const fromStaff = (body: string, attachment?: Attachment): Step => ({ message: { from: "staff", body, attachment } });
const application = (business: string): Attachment => ({ name: "credit-application.pdf", kind: "pdf", title: `Credit application: ${business}` });

/** The demo vendor's deals: one in every stage, with the history the pipeline records. */
const demoVendorDeals: DealSample[] = [
  {
    businessName: "Sample — Cedar Ridge Landscaping",
    ownersName: "Jamie Ortiz",
    equipment: "Zero-turn mower and trailer",
    cost: "18,500.00",
    down: "1,500.00",
    hoursAgo: 1,
    files: [application("Cedar Ridge Landscaping")],
    steps: [],
  },
  {
    businessName: "Sample — Granite Peak Excavation",
    ownersName: "Maria Lopez",
    equipment: "Compact track loader",
    cost: "85,000.00",
    down: "5,000.00",
    comment: `The client would like to close before the end of the month. ${sampleNote}`,
    hoursAgo: 6,
    files: [application("Granite Peak Excavation"), { name: "jobsite-photo.png", kind: "png" }],
    steps: [fromStaff("Thanks, we pulled credit this morning. Expect a decision by 3 pm.")],
  },
  {
    businessName: "Sample — Harbor Light Bakery",
    ownersName: "Nina Park",
    equipment: "Two deck ovens",
    cost: "42,000.00",
    down: "2,000.00",
    hoursAgo: 26,
    files: [application("Harbor Light Bakery")],
    steps: [
      stage(2, "Approved: 60 months at 8.9%.", { dealScore: 3 }),
      fromVendor("Can the client put 10% down instead of 5%?"),
      fromStaff("Yes. With 10% down the payment drops; the updated terms are attached.", { name: "updated-terms.pdf", kind: "pdf", title: "Updated terms: Harbor Light Bakery" }),
      { update: { downPayment: 4200 } },
    ],
  },
  {
    businessName: "Sample — Blue Mesa Dental Studio",
    ownersName: "Ravi Menon",
    equipment: "Panoramic X-ray unit",
    cost: "64,000.00",
    down: "0",
    hoursAgo: 50,
    files: [application("Blue Mesa Dental Studio")],
    steps: [stage(2, "Approved: 48 months.", { dealScore: 3 }), stage(3, "Documents sent for e-signature."), fromVendor("The client asks whether the spouse must sign as guarantor.")],
  },
  {
    businessName: "Sample — Ironwood Machine Shop",
    ownersName: "Tom Becker",
    equipment: "CNC vertical mill",
    cost: "128,000.00",
    down: "12,800.00",
    hoursAgo: 74,
    files: [application("Ironwood Machine Shop")],
    steps: [
      stage(2, "Approved: 60 months, 10% down.", { dealScore: 2 }),
      stage(3, "Documents sent for e-signature."),
      fromStaff("Please send the certificate of insurance naming us as loss payee."),
      fromVendor("Here is the certificate.", { name: "insurance-certificate.png", kind: "png" }),
      stage(4, "Signed documents and insurance received; in final review."),
      fromStaff("Received, thank you. Final review today."),
    ],
  },
  {
    businessName: "Sample — Summit Trailer Repair",
    ownersName: "Alex Kim",
    equipment: "Heavy-duty vehicle lift",
    cost: "36,000.00",
    down: "3,600.00",
    hoursAgo: 98,
    files: [application("Summit Trailer Repair")],
    steps: [
      stage(2, "Approved: 36 months.", { dealScore: 2 }),
      stage(3, "Documents sent."),
      stage(4, "Documents in; review."),
      stage(5, "Verbal approval given to the client; funding after the delivery call."),
    ],
  },
  {
    businessName: "Sample — Northwind Farm Supply",
    ownersName: "Grace Hall",
    equipment: "Utility tractor with loader",
    cost: "57,500.00",
    down: "7,500.00",
    hoursAgo: 140,
    files: [application("Northwind Farm Supply"), { name: "invoice.pdf", kind: "pdf", title: "Invoice: utility tractor" }],
    steps: [
      stage(2, "Approved: 60 months at 9.5%.", { dealScore: 3 }),
      stage(3, "Documents sent."),
      stage(4, "Documents in; review."),
      stage(5, "Verbal approval."),
      stage(6, "Funded."),
      fromStaff("Funds were sent to the vendor this morning."),
    ],
  },
  {
    businessName: "Sample — Driftwood Cafe",
    ownersName: "Sam Rivera",
    equipment: "Espresso machine and grinder",
    cost: "14,000.00",
    down: "0",
    hoursAgo: 30,
    files: [application("Driftwood Cafe")],
    steps: [{ update: { dealScore: 1 } }, stage(0, "Declined: under one year in business.", { declinedReceivedOn: "received", declinedCompletedOn: "completed", declinedNoticeSentOn: "notice" })],
  },
  {
    businessName: "Sample — Old Mill Woodworks",
    ownersName: "Chris Novak",
    equipment: "Edge bander",
    cost: "46,000.00",
    down: "4,600.00",
    hoursAgo: 24 * 36,
    earlierMonth: true,
    files: [application("Old Mill Woodworks")],
    steps: [stage(2, "Approved: 48 months.", { dealScore: 2 }), stage(9, "Closed: the client paid cash.")],
  },
];

/** The other company's deals: the demo vendor must never see them. */
const otherVendorDeals: DealSample[] = [
  {
    businessName: "Sample — Lakeside Auto Body",
    ownersName: "Dana Brooks",
    equipment: "Paint booth",
    cost: "72,000.00",
    down: "7,200.00",
    hoursAgo: 3,
    files: [application("Lakeside Auto Body")],
    steps: [],
  },
  {
    businessName: "Sample — Pinecrest Print Shop",
    ownersName: "Lee Chen",
    equipment: "Wide-format printer",
    cost: "24,000.00",
    down: "2,400.00",
    hoursAgo: 40,
    files: [application("Pinecrest Print Shop")],
    steps: [stage(2, "Approved: 36 months.", { dealScore: 3 })],
  },
];

/** The adverse-action timeline of a declined sample: received two days ago, decided yesterday, notice sent today. */
function withDates(update: DealUpdate, day: (daysAgo: number) => string): DealUpdate {
  const dates = { received: day(2), completed: day(1), notice: day(0) } as Record<string, string>;
  const fill = (value: string | null | undefined) => (value ? (dates[value] ?? value) : value);
  return { ...update, declinedReceivedOn: fill(update.declinedReceivedOn), declinedCompletedOn: fill(update.declinedCompletedOn), declinedNoticeSentOn: fill(update.declinedNoticeSentOn) };
}

async function fileFor(attachment: Attachment, businessName: string): Promise<{ content: Buffer; contentType: string }> {
  const content = attachment.kind === "pdf" ? await samplePdf(attachment.title ?? attachment.name, businessName) : samplePng();
  // The same check an upload passes: the content's type must match the name.
  const type = await fileTypeFromBuffer(content);
  const extension = attachment.name.split(".").pop()!;
  if (!type || !acceptedDocumentTypes[type.mime]?.includes(extension)) throw new Error(`Sample ${attachment.name} would not be accepted`);
  return { content, contentType: type.mime };
}

async function storeFile(storage: FileStorage, dealId: string, slot: string, attachment: Attachment, businessName: string): Promise<StoredUpload> {
  const { content, contentType } = await fileFor(attachment, businessName);
  const storageKey = `deals/${dealId}/${randomUUID()}`;
  const { size } = await storage.put(storageKey, Readable.from([content]), contentType);
  return { slot, storageKey, originalName: attachment.name, contentType, size, sha256: createHash("sha256").update(content).digest("hex") };
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
  await db.update(deal).set({ createdAt: start, lastUpdate: end, monthSubmitted: month, yearInFile: year }).where(eq(deal.id, dealId));
  await db.update(dealDocument).set({ uploadedAt: start }).where(eq(dealDocument.dealId, dealId));
  const history = await db.select({ id: dealHistory.id, at: dealHistory.at }).from(dealHistory).where(eq(dealHistory.dealId, dealId));
  const messages = await db.select({ id: dealMessage.id, at: dealMessage.createdAt }).from(dealMessage).where(eq(dealMessage.dealId, dealId));
  // One event per update (its rows share the transaction's time) or message, in order.
  const events = [...new Set([...history, ...messages].map((row) => row.at.getTime()).filter((at) => at !== submitted))].sort((a, b) => a - b);
  const timeOf = (at: Date) => (at.getTime() === submitted ? start : new Date(start.getTime() + ((events.indexOf(at.getTime()) + 1) / (events.length + 1)) * (end.getTime() - start.getTime())));
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
  context: LeadContext & { timeZone: string },
  people: DemoPeople,
  vendor: VendorPerson,
  sample: DealSample,
  index: number,
  day: (daysAgo: number) => string,
) {
  const scope = { companyId: vendor.companyId, userId: vendor.id, email: vendor.email } as VendorScope; // as requireVendorScope makes it from the session
  const dealId = randomUUID();
  const client = newDealClientSchema.parse({
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
    idempotencyKey: randomUUID(),
  });
  const files = await Promise.all(sample.files.map((file, index) => storeFile(deps.storage, dealId, index === 0 ? "client-info" : "additional-1", file, sample.businessName)));
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
    if (from === "vendor" && !canReply(currentStage, lastAuthor)) throw new Error(`Sample ${sample.businessName}: the vendor could not write now`);
    const attachments = attachment ? [await storeFile(deps.storage, dealId, "message", attachment, sample.businessName)] : [];
    await postMessage(db, context, {
      dealId,
      businessName: client.businessName,
      author: from === "vendor" ? { userId: vendor.id, role: "vendor", email: vendor.email } : { userId: people.admin.id, role: "staff", email: people.admin.email },
      recipient: from === "vendor" ? context.creditTeamEmail : vendor.email,
      body,
      attachments,
      logicalFolder,
    });
    lastAuthor = from;
  }
  return dealId;
}

type LeadTable = typeof footerMessage | typeof vendorContact | typeof creditApplication | typeof questionnaireAnswer | typeof pickedOption | typeof calculatorLead;
const leadTableTypes = new Map<LeadTable, LeadType>([
  [footerMessage, "footer-message"],
  [vendorContact, "vendor-contact"],
  [creditApplication, "credit-application"],
  [questionnaireAnswer, "questionnaire"],
  [pickedOption, "picked-option"],
  [calculatorLead, "calculator"],
]);

/**
 * A backdated lead's or retimed deal's promise clock follows it: arrival and due time, and a
 * deal's first contact from its retimed history and staff messages.
 */
async function retimeClock(db: Database, promise: ResponsePromise, subject: { type: LeadType | "deal"; id: string }, arrivedAt: Date) {
  const minutes = subject.type === "deal" ? promise.dealMinutes : promise.leadMinutes;
  const firstDealContact = sql`(select min(e.at) from (select h.at from ${dealHistory} h where h.deal_id = ${subject.id}
    union all select m.created_at from ${dealMessage} m where m.deal_id = ${subject.id} and m.author_role = 'staff') e)`;
  await db
    .update(responseClock)
    .set({ arrivedAt, dueAt: responseDueAt(arrivedAt, minutes, promise.timeZone), ...(subject.type === "deal" ? { firstContactAt: firstDealContact } : {}) })
    .where(and(eq(responseClock.subjectType, subject.type), eq(responseClock.subjectId, subject.id)));
}

async function backdate(db: Database, promise: ResponsePromise, table: LeadTable, id: string, at: Date) {
  const type = leadTableTypes.get(table)!;
  await db.update(table).set({ createdAt: at }).where(eq(table.id, id));
  await db
    .update(leadStatus)
    .set({ createdAt: at })
    .where(and(eq(leadStatus.leadType, type), eq(leadStatus.leadId, id)));
  await retimeClock(db, promise, { type, id }, at);
}

/**
 * The demo's sample data, made through the same functions as the public forms, the portal and the
 * back office: deals in every stage with documents, threads and history; leads of every kind.
 */
export async function createDemoSamples(db: Database, deps: DemoSampleDeps, people: DemoPeople, now = new Date()): Promise<void> {
  const timeZone = deps.config.public.brand.timeZone;
  const context = {
    creditTeamEmail: deps.config.creditTeamEmail,
    cipher: deps.cipher,
    publicUrl: deps.config.publicUrl,
    product: deps.config.public.brand.name,
    rateLimit: { max: deps.config.leadRateLimitMax, timeWindow: "1 minute" },
    timeZone,
    promise: { timeZone, leadMinutes: deps.config.public.brand.claims.leadCallbackMinutes, dealMinutes: dealCallbackMinutes },
  };

  // Deals: the current month's fit between the month's start and now, so the dashboard shows them.
  const monthStart = startOfBusinessMonth(now, timeZone);
  const samples = [...demoVendorDeals.map((sample) => ({ sample, vendor: people.vendor })), ...otherVendorDeals.map((sample) => ({ sample, vendor: people.otherVendor }))];
  const longest = Math.max(...samples.filter(({ sample }) => !sample.earlierMonth).map(({ sample }) => sample.hoursAgo)) * hour;
  const scale = Math.min(1, ((now.getTime() - monthStart.getTime()) * 0.9) / longest);
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 24 * hour).toLocaleDateString("en-CA", { timeZone });
  for (const [index, { sample, vendor }] of samples.entries()) {
    const dealId = await createSampleDeal(db, deps, context, people, vendor, sample, index, day);
    const age = sample.earlierMonth ? Math.max(sample.hoursAgo * hour, now.getTime() - monthStart.getTime() + 24 * hour) : sample.hoursAgo * hour * scale;
    const start = new Date(now.getTime() - age);
    const end = new Date(now.getTime() - Math.min(age * 0.1, 2 * hour));
    await retimeDeal(db, dealId, start, end, timeZone);
    await retimeClock(db, context.promise, { type: "deal", id: dealId }, start);
  }

  // Leads of every kind, through the public routes' functions; the team's status and assignee as the inbox sets them.
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const mark = (type: LeadType, id: string, status: LeadStatus, assigned = false) => updateLead(db, { id: people.admin.id }, type, id, { status, assigneeUserId: assigned ? people.admin.id : null });

  const footerOverdue = await createFooterMessage(
    db,
    context,
    footerMessageRequest.parse({
      nameOfBusiness: "Sample — Maple Street Laundromat",
      nameUser: "Jordan Avery",
      emailUser: "jordan.avery@example.com",
      subjectUser: "Sample message from the demo seed: do you finance used washers and dryers?",
      idempotencyKey: randomUUID(),
    }),
  );
  // Overdue whatever the time of day: over three days, longer than any weekend's wait for Monday morning.
  await backdate(db, context.promise, footerMessage, footerOverdue.id, ago(74 * hour));
  await createFooterMessage(
    db,
    context,
    footerMessageRequest.parse({
      nameOfBusiness: "Sample — Rio Verde Catering",
      nameUser: "Elena Cruz",
      emailUser: "elena.cruz@example.com",
      subjectUser: "Sample message from the demo seed: please call me about a refrigerated van.",
      idempotencyKey: randomUUID(),
    }),
  ).then((lead) => backdate(db, context.promise, footerMessage, lead.id, ago(10 * minute)));

  const contact = await createVendorContact(
    db,
    context,
    vendorContactRequest.parse({
      businessName: "Sample — Coastal Forklift Sales",
      contactName: "Priya Shah",
      phoneNumber: "(555) 555-0134",
      email: "priya.shah@coastalforklift.example",
      idempotencyKey: randomUUID(),
    }),
  );
  await backdate(db, context.promise, vendorContact, contact.id, ago(50 * hour));
  await mark("vendor-contact", contact.id, "contacted", true);

  const credit = await createCreditApplication(
    db,
    deps.cipher,
    { ...context, markQuoteApplied },
    creditApplicationRequest.parse({
      BusinessName: "Sample — Granite Peak Excavation LLC",
      FedId: "00-5550142",
      businessAddress: "42 Quarry Road",
      businessCity: "Fresno",
      businessState: "CA",
      businessZipCode: "93650",
      businessPhone: "(555) 555-0142",
      businessEmail: "office@granitepeak.example",
      businessContact: "Maria Lopez",
      businessAGR: "$ 1,250,000.00",
      businessStarted: "2015-04-01",
      contactName: "Maria Lopez",
      contactTitle: "Managing Member",
      ownership: "60",
      ssn: "900-55-0101",
      homeAddress: "9 Cedar Lane",
      homeCity: "Clovis",
      homeState: "CA",
      homeZipcode: "93611",
      homePhoneNumber: "(555) 555-0177",
      homeEmail: "maria.lopez@example.com",
      hasSecondOwner: true,
      contactName2: "Daniel Reyes",
      contactTitle2: "Member",
      ownership2: "40",
      ssn2: "900-55-0102",
      homeAddress2: "15 Birch Street",
      homeCity2: "Fresno",
      homeState2: "CA",
      homeZipcode2: "93704",
      homePhoneNumber2: "(555) 555-0188",
      homeEmail2: "daniel.reyes@example.com",
      VendorName: people.vendor.companyName,
      COE: "$ 185,000.00",
      equipmentDescription: "Sample: 2024 compact track loader",
      vendorContactName: "Demo Vendor",
      vendorPhoneNumber: "(555) 555-0110",
      vendorEmail: people.vendor.email,
      acceptCheck: true,
      idempotencyKey: randomUUID(),
    }),
  );
  await backdate(db, context.promise, creditApplication, credit.id, ago(73 * hour));
  await mark("credit-application", credit.id, "new", true);

  const currentYear = yearInTimeZone(now, timeZone);
  const answer = (overrides: Record<string, string>) =>
    questionnaireAnswerRequest.parse({
      nameOfOwner: "Maria Lopez",
      businessName: "Sample — Sunrise Dental Lab",
      businessPhoneNumber: "(555) 555-0150",
      lengthCredit: "2",
      creditscore: "700",
      ccavailability: "1",
      bk: "no",
      ownerrent: "Homeowner",
      personalcreditaccounts: "less than 5",
      businessLoans: "less than 5",
      monthsofbusiness: "April",
      year: String(currentYear - 8),
      namevendor: "Sample Dental Supply",
      phoneVendor: "(555) 555-0111",
      nameEquipment: "Milling unit",
      newOrUsed: "NEW",
      costEq: "$ 50,000.00",
      desiredmonth: "36",
      fundGenerate: "$ 8,000.00",
      agr: "$ 1,200,000.00",
      idempotencyKey: randomUUID(),
      ...overrides,
    });
  const priced = await createQuestionnaireAnswer(db, context, answer({ nameOfOwner: "Ana Silva" }), currentYear);
  await requestContact(db, context, priced.id);
  const picked = await createPickedOption(db, context, pickedOptionRequest.parse({ answerId: priced.id, term: "48", agreeItsJustProposal: true, idempotencyKey: randomUUID() }));
  await backdate(db, context.promise, questionnaireAnswer, priced.id, ago(45 * minute));
  await backdate(db, context.promise, pickedOption, picked.id, ago(40 * minute));
  await mark("picked-option", picked.id, "contacted", true);
  const unpriced = await createQuestionnaireAnswer(
    db,
    context,
    answer({
      nameOfOwner: "Ben Carter",
      businessName: "Sample — Twin Oaks Auto Repair",
      businessPhoneNumber: "(555) 555-0151",
      bk: "yes",
      nameEquipment: "Wheel alignment rig",
      costEq: "$ 30,000.00",
    }),
    currentYear,
  );
  await backdate(db, context.promise, questionnaireAnswer, unpriced.id, ago(26 * hour));
  await mark("questionnaire", unpriced.id, "closed");

  const calculator = (overrides: Record<string, unknown>) =>
    calculatorLeadRequest.parse({
      vendorName: "Sample Dental Supply",
      salesPersonName: "Tom Becker",
      phoneNumberVendor: "(555) 555-0112",
      costEq: "60,000.00",
      revenueAddBusiness: "4,000.00",
      notTruckingEquipment: "Dental chairs",
      clicknewTruckButton: false,
      clicknewReeferButton: false,
      clickedNew: true,
      clickusedButton: false,
      clickdayCabButton: false,
      clicksleeperButton: false,
      firstNameModel: "Sample",
      lastNameModel: "Dana Brooks",
      ownersEmail: "dana.brooks@example.com",
      OwnersPhoneNumber: "(555) 555-0160",
      llcpartPositive: true,
      solepropPartPositive: false,
      cCorpPartPositive: false,
      sCorpPartPositive: false,
      partnershipPartPositive: false,
      justStartPartPositive: false,
      firstTimeBuyer: "no",
      monthsofbusinessStart: "March",
      yearbusinessStarted: String(currentYear - 12),
      monthlySalesInput: "30,000.00",
      preferredFinancing: "48",
      creditscore: "780",
      lengthCredit: "2",
      bk: "no",
      creditAvailable: "60-100%",
      installmentLoans: "fewer than 5",
      homeownerOrRenter: "homeowner",
      businessLoans: "fewer than 5",
      workingCapitalLoans: "no",
      idempotencyKey: randomUUID(),
      ...overrides,
    });
  const partnerLead = await createCalculatorLead(db, deps.cipher, context, calculator({ partnerSlug: "Apronto_Dental" }), currentYear);
  await chooseCalculatorOption(db, context, partnerLead.id, 48);
  await backdate(db, context.promise, calculatorLead, partnerLead.id, ago(20 * minute));
  const truckLead = await createCalculatorLead(
    db,
    deps.cipher,
    context,
    calculator({
      vendorName: "Sample Truck Center",
      firstNameModel: "Sample",
      lastNameModel: "Luis Moreno",
      ownersEmail: "luis.moreno@example.com",
      OwnersPhoneNumber: "(555) 555-0161",
      notTruckingEquipment: "",
      clicknewTruckButton: true,
      clicksleeperButton: true,
      costEq: "145,000.00",
      firstTimeBuyer: "yes",
    }),
    currentYear,
  );
  await backdate(db, context.promise, calculatorLead, truckLead.id, ago(5 * hour));
  await mark("calculator", truckLead.id, "contacted", true);
}

/**
 * The storage and cipher a server on `config` will use, for seeding before it starts (browser
 * tests): the same key file it reads (or generates) and the same storage.
 */
export async function demoSampleDepsFor(config: Config): Promise<DemoSampleDeps> {
  const key = await configuredOrGeneratedSecret(config.dataEncryptionKey, config.dataDir, "data-encryption-key", () => {});
  return { storage: await openFileStorage(config.storage), cipher: createFieldCipher(key, config.dataEncryptionOldKeys, config.lookupHashKey), config };
}
