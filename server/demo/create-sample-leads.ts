import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { calculatorLeadRequest } from "#domain/calculator/calculator-schema.ts";
import { creditApplicationRequest } from "#domain/leads/credit-application-schema.ts";
import { footerMessageRequest } from "#domain/leads/footer-message-schema.ts";
import type { LeadStatus, LeadType } from "#domain/leads/lead-inbox.ts";
import { vendorContactRequest } from "#domain/leads/vendor-contact-schema.ts";
import { questionnaireAnswerRequest } from "#domain/questionnaire/answer-schema.ts";
import { pickedOptionRequest } from "#domain/questionnaire/picked-option-schema.ts";
import type { ResponsePromise } from "#domain/response-times/response-promise.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import { chooseCalculatorOption } from "../calculator/choose-calculator-option.ts";
import { createCalculatorLead } from "../calculator/create-calculator-lead.ts";
import { calculatorLead } from "../calculator/tables.ts";
import type { Database } from "../db/client.ts";
import { createCreditApplication } from "../leads/create-credit-application.ts";
import { markQuoteApplied } from "../quotes/open-quote-link.ts";
import { createFooterMessage } from "../leads/create-footer-message.ts";
import { createVendorContact } from "../leads/create-vendor-contact.ts";
import { creditApplication, footerMessage, leadStatus, vendorContact } from "../leads/tables.ts";
import { updateLead } from "../leads/update-lead.ts";
import { createPickedOption } from "../questionnaire/create-picked-option.ts";
import { createQuestionnaireAnswer } from "../questionnaire/create-questionnaire-answer.ts";
import { requestContact } from "../questionnaire/request-contact.ts";
import { pickedOption, questionnaireAnswer } from "../questionnaire/tables.ts";
import { retimeClock } from "./retime-clock.ts";
import { indexAllArrivedLeads } from "../response-times/index-arrived-leads.ts";
import type { DemoPeople, SampleContext } from "./sample-context.ts";
import { sampleCalculatorLead, sampleCreditApplication, sampleQuestionnaireAnswer } from "./sample-requests.ts";

const hour = 60 * 60 * 1000;
const minute = 60 * 1000;

type LeadTable =
  | typeof footerMessage
  | typeof vendorContact
  | typeof creditApplication
  | typeof questionnaireAnswer
  | typeof pickedOption
  | typeof calculatorLead;
const leadTableTypes = new Map<LeadTable, LeadType>([
  [footerMessage, "footer-message"],
  [vendorContact, "vendor-contact"],
  [creditApplication, "credit-application"],
  [questionnaireAnswer, "questionnaire"],
  [pickedOption, "picked-option"],
  [calculatorLead, "calculator"],
]);

async function backdate(db: Database, promise: ResponsePromise, table: LeadTable, id: string, at: Date) {
  await indexAllArrivedLeads(db);
  const type = leadTableTypes.get(table)!;
  await db.update(table).set({ createdAt: at }).where(eq(table.id, id));
  await db
    .update(leadStatus)
    .set({ createdAt: at })
    .where(and(eq(leadStatus.leadType, type), eq(leadStatus.leadId, id)));
  await retimeClock(db, promise, { type, id }, at);
}

/**
 * Leads of every kind, through the public routes' functions, each marked as a sample with
 * never-issued numbers; the team's status and assignee as the inbox sets them.
 */
export async function createSampleLeads(
  db: Database,
  context: SampleContext,
  people: DemoPeople,
  now: Date,
): Promise<void> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const mark = async (type: LeadType, id: string, status: LeadStatus, assigned = false) => {
    await indexAllArrivedLeads(db);
    await updateLead(db, { id: people.admin.id }, type, id, {
      status,
      assigneeUserId: assigned ? people.admin.id : null,
    });
  };

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
    context.cipher,
    { ...context, markQuoteApplied },
    creditApplicationRequest.parse(
      sampleCreditApplication({
        BusinessName: "Sample — Granite Peak Excavation LLC",
        FedId: "00-5550142",
        businessPhone: "(555) 555-0142",
        ssn: "900-55-0101",
        homePhoneNumber: "(555) 555-0177",
        homeEmail: "maria.lopez@example.com",
        ssn2: "900-55-0102",
        homePhoneNumber2: "(555) 555-0188",
        homeEmail2: "daniel.reyes@example.com",
        VendorName: people.vendor.companyName,
        equipmentDescription: "Sample: 2024 compact track loader",
        vendorContactName: "Demo Vendor",
        vendorPhoneNumber: "(555) 555-0110",
        vendorEmail: people.vendor.email,
      }),
    ),
  );
  await backdate(db, context.promise, creditApplication, credit.id, ago(73 * hour));
  await mark("credit-application", credit.id, "new", true);

  const currentYear = yearInTimeZone(now, context.timeZone);
  const answer = (overrides: Record<string, string>) =>
    questionnaireAnswerRequest.parse(
      sampleQuestionnaireAnswer({
        businessName: "Sample — Sunrise Dental Lab",
        businessPhoneNumber: "(555) 555-0150",
        year: String(currentYear - 8),
        namevendor: "Sample Dental Supply",
        phoneVendor: "(555) 555-0111",
        nameEquipment: "Milling unit",
        newOrUsed: "NEW",
        visitId: undefined,
        ...overrides,
      }),
    );
  const priced = await createQuestionnaireAnswer(db, context, answer({ nameOfOwner: "Ana Silva" }), currentYear);
  await requestContact(db, context, priced.id);
  const picked = await createPickedOption(
    db,
    context,
    pickedOptionRequest.parse({
      answerId: priced.id,
      term: "48",
      agreeItsJustProposal: true,
      idempotencyKey: randomUUID(),
    }),
  );
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

  const calculator = (overrides: Record<string, string | boolean>) =>
    calculatorLeadRequest.parse(
      sampleCalculatorLead({
        phoneNumberVendor: "(555) 555-0112",
        firstNameModel: "Sample",
        yearbusinessStarted: String(currentYear - 12),
        ...overrides,
      }),
    );
  const partnerLead = await createCalculatorLead(
    db,
    context.cipher,
    context,
    calculator({
      partnerSlug: "Apronto_Dental",
      vendorName: "Sample Dental Supply",
      lastNameModel: "Dana Brooks",
      ownersEmail: "dana.brooks@example.com",
      OwnersPhoneNumber: "(555) 555-0160",
      costEq: "60,000.00",
      notTruckingEquipment: "Dental chairs",
      clicknewTruckButton: false,
      clicksleeperButton: false,
      firstTimeBuyer: "no",
    }),
    currentYear,
  );
  await chooseCalculatorOption(db, context, partnerLead.id, 48);
  await backdate(db, context.promise, calculatorLead, partnerLead.id, ago(20 * minute));
  const truckLead = await createCalculatorLead(
    db,
    context.cipher,
    context,
    calculator({
      vendorName: "Sample Truck Center",
      lastNameModel: "Luis Moreno",
      ownersEmail: "luis.moreno@example.com",
      OwnersPhoneNumber: "(555) 555-0161",
      costEq: "145,000.00",
    }),
    currentYear,
  );
  await backdate(db, context.promise, calculatorLead, truckLead.id, ago(5 * hour));
  await mark("calculator", truckLead.id, "contacted", true);
  // Listed and clocked before the seed ends, as the worker would after a visitor's request.
  await indexAllArrivedLeads(db);
}
