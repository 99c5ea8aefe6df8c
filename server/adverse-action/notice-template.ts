/**
 * THE WORDING OF THE ADVERSE-ACTION NOTICE (12 CFR 1002.9, ECOA / Regulation B).
 *
 * This file is for the operator's counsel to change: every sentence the notice prints is here,
 * and nothing else in the code writes notice wording. Placeholders in {braces} are filled in by
 * `fillNoticeTemplate` below from the brand configuration (domain/site/brand.ts, BRAND_* variables)
 * and the declined file; a placeholder that is not listed in `NoticeFields` is an error in tests.
 *
 * The defaults follow the sample notice of appendix C (form C-1) for a business with gross
 * revenues of $1 million or less (1002.9(a)(3)(i)): the action taken, either the statement of
 * specific reasons or the statement of the right to request them within 60 days, and the ECOA
 * notice of 1002.9(b)(1) naming the lender's federal regulator.
 */
export const noticeTemplate = {
  title: "Notice of Action Taken",
  subject: "Notice of action taken on your application with {lenderName}",
  /** The mail that carries the PDF: no reason or figure in the mail itself. */
  mailParagraphs: [
    "Dear {applicantName},",
    "Please find attached our notice of the action taken on the application of {businessName}.",
    "If you have questions, contact {contactPerson} at {lenderPhone} or {lenderEmail}.",
  ],
  letterhead: ["{lenderLegalName}", "{lenderAddress}", "{lenderPhone} · {lenderEmail}"],
  dateLine: "Date: {noticeDate}",
  addressee: ["{applicantName}", "{businessName}", "{applicantAddress}"],
  reference: "Application received {receivedOn}. {reference}",
  greeting: "Dear {applicantName},",
  actionTaken:
    "Thank you for applying to {lenderLegalName} for business credit for {businessName}. After carefully reviewing your application, we are sorry to advise you that we cannot grant credit to {businessName} at this time. This action was taken on {decidedOn}.",
  reasonsHeading: "Principal reason(s) for our action",
  reasonsIntro: "Our decision was based on the following principal reason(s):",
  rightToRequestHeading: "Your right to a statement of reasons",
  rightToRequest:
    "You have the right to a statement of specific reasons why your application was denied. To obtain the statement, please contact {contactPerson}, {lenderLegalName}, {lenderAddress}, {lenderPhone}, {lenderEmail}, within {rightToRequestDays} days from the date of this notice. We will send you a written statement of reasons for the denial within 30 days of receiving your request for the statement.",
  ecoaHeading: "Notice",
  ecoaNotice:
    "The Federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, age (provided the applicant has the capacity to enter into a binding contract); because all or part of the applicant's income derives from any public assistance program; or because the applicant has in good faith exercised any right under the Consumer Credit Protection Act. The Federal agency that administers compliance with this law concerning this creditor is {federalRegulator}.",
  closing: ["Sincerely,", "{contactPerson}", "{lenderLegalName}"],
} as const;

/** Every value a placeholder may name. */
export type NoticeFields = {
  lenderName: string;
  lenderLegalName: string;
  lenderAddress: string;
  lenderPhone: string;
  lenderEmail: string;
  contactPerson: string;
  federalRegulator: string;
  applicantName: string;
  businessName: string;
  applicantAddress: string;
  noticeDate: string;
  receivedOn: string;
  decidedOn: string;
  reference: string;
  rightToRequestDays: string;
};

/** Fills {placeholders}; an unknown one throws, so a counsel's typo is caught by the tests, never printed. */
export function fillNoticeTemplate(text: string, fields: NoticeFields): string {
  return text.replace(/\{([A-Za-z]+)\}/g, (_match, name: string) => {
    if (!(name in fields)) throw new Error(`Unknown placeholder {${name}} in the notice template`);
    return fields[name as keyof NoticeFields];
  });
}
