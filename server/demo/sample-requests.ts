import { randomUUID } from "node:crypto";

// Complete requests as the public forms and the portal post them, each with a fresh idempotency
// key. The demo's samples and the tests' records are made from these: the demo replaces the
// names and numbers with its own sample ones, a test the fields it is about.

type Fields<Value> = Record<string, Value>;

/** `base` with `overrides` applied; an override of `undefined` leaves that field out. */
function withOverrides<Base extends Fields<unknown>>(
  base: Base,
  overrides: Fields<Base[keyof Base] | undefined>,
): Base {
  return Object.fromEntries(
    Object.entries({ ...base, ...overrides }).filter(([, value]) => value !== undefined),
  ) as Base;
}

/** A complete credit application with a second owner; SSNs and tax id are recognisable. */
export function sampleCreditApplication(
  overrides: Fields<string | boolean | undefined> = {},
): Fields<string | boolean> {
  return withOverrides<Fields<string | boolean>>(
    {
      BusinessName: "Granite Peak Excavation LLC",
      FedId: "98-7654321",
      businessAddress: "42 Quarry Road",
      businessCity: "Fresno",
      businessState: "CA",
      businessZipCode: "93650",
      businessPhone: "(559) 555-0142",
      businessEmail: "office@granitepeak.example",
      businessContact: "Maria Lopez",
      businessAGR: "$ 1,250,000.00",
      businessStarted: "2015-04-01",
      contactName: "Maria Lopez",
      contactTitle: "Managing Member",
      ownership: "60",
      ssn: "531-86-4207",
      homeAddress: "9 Cedar Lane",
      homeCity: "Clovis",
      homeState: "CA",
      homeZipcode: "93611",
      homePhoneNumber: "(559) 555-0177",
      homeEmail: "maria@granitepeak.example",
      hasSecondOwner: true,
      contactName2: "Daniel Reyes",
      contactTitle2: "Member",
      ownership2: "40",
      ssn2: "612-49-3378",
      homeAddress2: "15 Birch Street",
      homeCity2: "Fresno",
      homeState2: "CA",
      homeZipcode2: "93704",
      homePhoneNumber2: "(559) 555-0188",
      homeEmail2: "daniel@granitepeak.example",
      VendorName: "Valley Heavy Equipment",
      COE: "$ 185,000.00",
      equipmentDescription: "2024 compact track loader",
      vendorContactName: "Tom Becker",
      vendorPhoneNumber: "(559) 555-0110",
      vendorEmail: "tom@valleyheavy.example",
      acceptCheck: true,
      idempotencyKey: randomUUID(),
    },
    overrides,
  );
}

/** A complete landing answer that prices: score 700 (9%), started 2018, $50,000 over 36 months. */
export function sampleQuestionnaireAnswer(overrides: Fields<string | undefined> = {}): Fields<string> {
  return withOverrides<Fields<string>>(
    {
      nameOfOwner: "Maria Lopez",
      businessName: "Granite Peak Excavation",
      businessPhoneNumber: "(559) 555-0142",
      lengthCredit: "2",
      creditscore: "700",
      ccavailability: "1",
      bk: "no",
      ownerrent: "Homeowner",
      personalcreditaccounts: "less than 5",
      businessLoans: "less than 5",
      monthsofbusiness: "April",
      year: "2018",
      namevendor: "Valley Heavy Equipment",
      phoneVendor: "(559) 555-0110",
      nameEquipment: "Compact track loader",
      newOrUsed: "USED",
      costEq: "$ 50,000.00",
      desiredmonth: "36",
      fundGenerate: "$ 8,000.00",
      agr: "$ 1,200,000.00",
      visitId: "campaign-42",
      idempotencyKey: randomUUID(),
    },
    overrides,
  );
}

/** A complete calculator lead: a new sleeper truck, 780, first-time buyer, 16 years in business (15% down). */
export function sampleCalculatorLead(overrides: Fields<string | boolean | undefined> = {}) {
  return withOverrides(
    {
      vendorName: "Valley Heavy",
      salesPersonName: "Tom Becker",
      phoneNumberVendor: "(559) 555-0110",
      costEq: "120,000.00",
      revenueAddBusiness: "4,000.00",
      notTruckingEquipment: "",
      clicknewTruckButton: true,
      clicknewReeferButton: false,
      clickedNew: true,
      clickusedButton: false,
      clickdayCabButton: false,
      clicksleeperButton: true,
      firstNameModel: "Ana",
      lastNameModel: "Ruiz",
      ownersEmail: "ana@example.com",
      OwnersPhoneNumber: "(555) 010-0100",
      llcpartPositive: true,
      solepropPartPositive: false,
      cCorpPartPositive: false,
      sCorpPartPositive: false,
      partnershipPartPositive: false,
      justStartPartPositive: false,
      firstTimeBuyer: "yes",
      monthsofbusinessStart: "March",
      yearbusinessStarted: "2010",
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
    },
    overrides,
  );
}

/** The client step of Submit New Deal (the documents go with it as files). */
export function sampleNewDealFields(overrides: Fields<string | undefined> = {}): Fields<string> {
  return withOverrides<Fields<string>>(
    {
      businessName: "granite peak excavation",
      ownersName: "maria lopez",
      businessPhone: "(559) 555-0142",
      businessEmail: "office@granitepeak.example",
      equipDesc: "Compact track loader",
      costOfEq: "85,000.00",
      downPayment: "5,000.00",
      businessTaxId: "98-7654321",
      dobContact: "1980-02-03",
      VendorComment: "",
      idempotencyKey: randomUUID(),
    },
    overrides,
  );
}
