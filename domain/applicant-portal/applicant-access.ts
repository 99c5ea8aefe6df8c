import type { CodeRules } from "../auth/mailed-code.ts";
import { isOpenStage } from "../deals/stages.ts";

// The applicant's own page (docs/product-rules.md#r56-the-applicants-page): how long a mailed link, a
// one-time code and a session last, how often a code may be asked for and tried, and what the page says.

/** A link in a status mail opens the page this many days. */
export const applicantLinkDays = 30;
/** A mailed code works this many minutes. */
export const applicantCodeMinutes = 10;
/** Wrong tries of one code; then a new code is needed. */
export const applicantCodeTries = 5;
/** Codes one link may ask for in an hour. */
export const applicantCodesPerLinkPerHour = 5;
/** A confirmed session lasts this many hours, never extended. */
export const applicantSessionHours = 2;
/** Digits of a one-time code. */
export const applicantCodeLength = 6;
/** The applicant's code by the rules every mailed code follows (../auth/mailed-code.ts). */
export const applicantCodeRules: CodeRules = {
  minutes: applicantCodeMinutes,
  tries: applicantCodeTries,
  perHour: applicantCodesPerLinkPerHour,
};

/** A link's token as mailed (32 random bytes, base64url), read from the page's fragment. */
export const applicantLinkTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** What the page and its endpoints say, in a lender's plain words. */
export const applicantMessages = {
  linkUnknown:
    "This link no longer works. Open the link in the most recent e-mail we sent about your application, or call your finance specialist.",
  codeInvalid: `Enter the ${applicantCodeLength}-digit code from the e-mail.`,
  codeWrong: (triesLeft: number) =>
    `That code is not right. You can try ${triesLeft} more ${triesLeft === 1 ? "time" : "times"}.`,
  codeUsedUp: "That code was tried too many times. Ask for a new code.",
  codeExpired: "That code has expired. Ask for a new code.",
  codeNone: "Ask for a code first.",
  tooManyCodes: (minutes: number) =>
    `We have sent several codes in the last hour. Use the code in your latest e-mail, or ask again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  sessionEnded: "For your privacy, your page closed. Open the link in your e-mail again to see it.",
} as const;

/**
 * An address shown as a hint of where the code went: its first character and its domain
 * ("o•••@granitepeak.example"); only the link's holder sees it.
 */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "your e-mail address";
  return `${email[0]}•••${email.slice(at)}`;
}

/**
 * The application's status in plain words, from the deal's stage (domain/deals/stages.ts): what the
 * applicant hears, never the credit team's own labels.
 */
export function applicantStageWording(stage: number): { headline: string; detail: string } {
  switch (stage) {
    case 1:
      return {
        headline: "We received your application",
        detail: "A finance specialist is reviewing it and will contact you if anything else is needed.",
      };
    case 2:
      return {
        headline: "You are approved",
        detail: "We are preparing your financing documents. Send anything still needed below so they can go out.",
      };
    case 3:
      return {
        headline: "Your documents are on their way",
        detail: "Read them, sign them and send them back. Ask your finance specialist if anything is unclear.",
      };
    case 4:
      return {
        headline: "We are reviewing your documents",
        detail: "We have what we asked for and are checking it. We will tell you if anything else is needed.",
      };
    case 5:
      return {
        headline: "Final checks before funding",
        detail: "We are confirming the last details with you and the lender before the payment is made.",
      };
    case 6:
      return {
        headline: "Your financing is funded",
        detail: "The payment has been made as agreed in your documents. Thank you for choosing us.",
      };
    case 0:
      return {
        headline: "We are not able to approve your application",
        detail: "A written notice with the reasons for this decision and your rights will follow by mail.",
      };
    case 9:
      return {
        headline: "This application is closed",
        detail: "Call your finance specialist if you have questions about it.",
      };
    default:
      return {
        headline: "Your application is being reviewed",
        detail: "A finance specialist will contact you if anything else is needed.",
      };
  }
}

/** The approval's summary shows once presented, unless the deal was declined since. */
export const showsApproval = (stage: number) => stage !== 0;

/** The applicant sends files while the deal is open (not declined, funded or closed). */
export const takesApplicantFiles = (stage: number) => isOpenStage(stage);

/** A stip's status as the applicant reads it (domain/stips/stip-rules.ts has the credit team's labels). */
export const applicantStipStatusLabels = {
  requested: "Needed",
  received: "Received: we are checking it",
  accepted: "Accepted",
  rejected: "Not accepted: please send it again",
  waived: "No longer needed",
} as const;
