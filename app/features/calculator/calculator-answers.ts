import type { calculatorLeadRequest } from "#domain/calculator/calculator-schema.ts";
import type { sendCalculatorLead } from "#domain/calculator/contracts.ts";
import type { EndpointResponse } from "#domain/http/endpoint.ts";
import type { FormValues } from "../../lib/use-schema-form.ts";

/** The calculator's answers as the form holds them: the lead request's own fields (its schema's input). */
export type CalculatorAnswers = Omit<
  FormValues<typeof calculatorLeadRequest>,
  "partnerSlug" | "vendorSlug" | "idempotencyKey" | "leaveEmpty"
>;

export const emptyAnswers: CalculatorAnswers = {
  vendorName: "",
  salesPersonName: "",
  phoneNumberVendor: "",
  costEq: "",
  revenueAddBusiness: "",
  notTruckingEquipment: "",
  clicknewTruckButton: false,
  clicknewReeferButton: false,
  clickedNew: false,
  clickusedButton: false,
  clickdayCabButton: false,
  clicksleeperButton: false,
  firstNameModel: "",
  lastNameModel: "",
  ownersEmail: "",
  OwnersPhoneNumber: "",
  llcpartPositive: false,
  solepropPartPositive: false,
  cCorpPartPositive: false,
  sCorpPartPositive: false,
  partnershipPartPositive: false,
  justStartPartPositive: false,
  firstTimeBuyer: "",
  monthsofbusinessStart: "",
  yearbusinessStarted: "",
  monthlySalesInput: "",
  preferredFinancing: "",
  creditscore: "",
  lengthCredit: "",
  bk: "",
  creditAvailable: "",
  installmentLoans: "",
  homeownerOrRenter: "",
  businessLoans: "",
  workingCapitalLoans: "",
};

/** The saved lead and the server's quote, as POST /api/leads/calculator answers them. */
export type CalculatorLead = EndpointResponse<typeof sendCalculatorLead>;

/** "landing" or the 0-based step (0-3 questions, 4 the qualifying page). */
export type CalculatorView = "landing" | 0 | 1 | 2 | 3 | 4;

export type CalculatorProgress = {
  view: CalculatorView;
  answers: CalculatorAnswers;
  lead: CalculatorLead | null;
};

/** Progress survives a reload in this tab (decisions: nothing here is a sensitive field). */
export function loadProgress(key: string): CalculatorProgress | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as CalculatorProgress) : null;
  } catch {
    return null;
  }
}

export function saveProgress(key: string, progress: CalculatorProgress | null): void {
  try {
    if (progress) window.sessionStorage.setItem(key, JSON.stringify(progress));
    else window.sessionStorage.removeItem(key);
  } catch {
    // Storage blocked: progress lasts until the tab reloads.
  }
}
