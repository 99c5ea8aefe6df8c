import type { CalculatorQuote } from "#domain/pricing/calculator-quote.ts";

export type CalculatorAnswers = {
  vendorName: string;
  salesPersonName: string;
  phoneNumberVendor: string;
  costEq: string;
  revenueAddBusiness: string;
  notTruckingEquipment: string;
  clicknewTruckButton: boolean;
  clicknewReeferButton: boolean;
  clickedNew: boolean;
  clickusedButton: boolean;
  clickdayCabButton: boolean;
  clicksleeperButton: boolean;
  firstNameModel: string;
  lastNameModel: string;
  ownersEmail: string;
  OwnersPhoneNumber: string;
  llcpartPositive: boolean;
  solepropPartPositive: boolean;
  cCorpPartPositive: boolean;
  sCorpPartPositive: boolean;
  partnershipPartPositive: boolean;
  justStartPartPositive: boolean;
  firstTimeBuyer: string;
  monthsofbusinessStart: string;
  yearbusinessStarted: string;
  monthlySalesInput: string;
  preferredFinancing: string;
  creditscore: string;
  lengthCredit: string;
  bk: string;
  creditAvailable: string;
  installmentLoans: string;
  homeownerOrRenter: string;
  businessLoans: string;
  workingCapitalLoans: string;
};

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

/** "landing" or the 0-based step (0-3 questions, 4 the qualifying page). */
export type CalculatorView = "landing" | 0 | 1 | 2 | 3 | 4;

export type CalculatorProgress = {
  view: CalculatorView;
  answers: CalculatorAnswers;
  lead: { id: string; quote: CalculatorQuote } | null;
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
