import * as z from "zod/mini";
import { addCalendarDays, businessDayOf, startOfBusinessDay } from "../site/business-day.ts";
import { isWorkingDay, type WorkingCalendar } from "../site/working-calendar.ts";
import type { AgreementDocumentKind } from "./package-shapes.ts";

// The agreement package's rules (docs/product-rules.md#r57-documents-and-e-signature): who signs what,
// how long a request lasts, when reminders go.

/** A request to sign lasts this many days from sending, never past the approval's last day. */
export const signingRequestDays = 14;
/** Reminders go this many business days after a signer's request, once each. */
export const signingReminderBusinessDays = [1, 3] as const;
/** Signers of one package: the business's signer and guarantors. */
export const maxSigners = 6;

/**
 * When a package sent at `sentAt` stops taking signatures: `signingRequestDays` later, or the end of
 * the approval's last day (the start of the next day in the business time zone), whichever is first.
 */
export function packageExpiresAt(sentAt: Date, approvalExpiresOn: string, timeZone: string): Date {
  const byDays = new Date(sentAt.getTime() + signingRequestDays * 86_400_000);
  const approvalEnds = startOfBusinessDay(addCalendarDays(approvalExpiresOn, 1), timeZone);
  return byDays < approvalEnds ? byDays : approvalEnds;
}

/** The working day `count` business days after `day` (the credit team's calendar). */
export function addBusinessDays(day: string, count: number, calendar: WorkingCalendar = {}): string {
  let current = day;
  for (let left = count; left > 0;) {
    current = addCalendarDays(current, 1);
    if (isWorkingDay(current, calendar)) left -= 1;
  }
  return current;
}

/**
 * Whether a signer who was asked at `notifiedAt` and reminded `remindersSent` times is due another
 * reminder at `now`: the first 1 business day after the request, the second 3 (at the same time of day,
 * counted on the credit team's calendar in the business time zone), never a third.
 */
export function signingReminderDue(
  notifiedAt: Date,
  remindersSent: number,
  now: Date,
  timeZone: string,
  calendar: WorkingCalendar = {},
): boolean {
  const after = signingReminderBusinessDays[remindersSent];
  if (after === undefined) return false;
  const askedOn = businessDayOf(notifiedAt, timeZone);
  const dueDay = addBusinessDays(askedOn, after, calendar);
  const dueAt = new Date(
    startOfBusinessDay(dueDay, timeZone).getTime() +
      (notifiedAt.getTime() - startOfBusinessDay(askedOn, timeZone).getTime()),
  );
  return now >= dueAt;
}

export type SignerPlan = { signsForBusiness: boolean; guarantor: boolean };

/**
 * The documents of a package, in signing order, each with the index of its signer: the agreement (a
 * lease for a lease program), the delivery and acceptance certificate and the ACH debit authorization
 * for the business's signer, then one personal guaranty per guarantor.
 */
export function packageDocumentPlan(
  signers: readonly SignerPlan[],
  lease: boolean,
): { kind: AgreementDocumentKind; signerIndex: number }[] {
  const business = signers.findIndex((signer) => signer.signsForBusiness);
  if (business < 0) return [];
  return [
    { kind: lease ? "lease-agreement" : "equipment-finance-agreement", signerIndex: business },
    ...signers.flatMap((signer, signerIndex) =>
      signer.guarantor ? [{ kind: "personal-guaranty" as const, signerIndex }] : [],
    ),
    { kind: "delivery-and-acceptance", signerIndex: business },
    { kind: "ach-debit-authorization", signerIndex: business },
  ];
}

/**
 * Why a deal's package cannot be generated yet, or null: it needs a presented approval that has not
 * expired, every stip accepted or waived, and no package already being prepared or out for signature.
 */
export function packageGenerationProblem(input: {
  approvalExpiresOn: string | null;
  today: string;
  stipsReady: boolean;
  openPackage: boolean;
  dealOpen: boolean;
}): string | null {
  if (!input.dealOpen) return "This deal is closed: documents are no longer prepared for it.";
  if (input.approvalExpiresOn === null) return "Present an approval before preparing documents.";
  if (input.today > input.approvalExpiresOn) return "The approval has expired: renew it before documents.";
  if (!input.stipsReady) return "Every stip must be accepted or waived before documents.";
  if (input.openPackage) return "This deal already has documents being prepared or out for signature.";
  return null;
}

const trimmed = (max: number, message: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max, `Please use at most ${max} characters.`));

/** One signer as staff set them: the form's and the route's schema. */
export const signerInput = z.object({
  name: trimmed(120, "Enter the signer's full name."),
  email: z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.email("Enter a valid e-mail address."),
      z.maxLength(254, "Please use at most 254 characters."),
    ),
  title: z.string().check(z.trim(), z.maxLength(80, "Please use at most 80 characters.")),
  signsForBusiness: z.boolean(),
  guarantor: z.boolean(),
});
export type SignerInput = z.infer<typeof signerInput>;

/** Why a list of signers cannot make a package, or null (read by the form and the route). */
export function signersProblem(signers: readonly SignerInput[]): string | null {
  if (signers.length === 0) return "Add at least one signer.";
  if (signers.length > maxSigners) return `A package has at most ${maxSigners} signers.`;
  if (signers.filter((signer) => signer.signsForBusiness).length !== 1)
    return "Choose exactly one signer who signs for the business.";
  const emails = signers.map((signer) => signer.email.toLowerCase());
  if (new Set(emails).size !== emails.length) return "Each signer needs their own e-mail address.";
  if (signers.some((signer) => !signer.signsForBusiness && !signer.guarantor))
    return "Each signer signs for the business, guarantees, or both.";
  return null;
}
