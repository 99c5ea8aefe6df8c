import type { CodeRules } from "../auth/mailed-code.ts";
import type { PackageStatus } from "./package-status.ts";

// The signer's way in (docs/product-rules.md#r57-documents-and-e-signature): how long a one-time code
// and a session last, how often a code may be asked for and tried, whose turn it is, and what the
// ceremony says when it cannot go on, in a lender's plain words.

/** Digits of a one-time code. */
export const signerCodeLength = 6;
/** A mailed code works this many minutes. */
export const signerCodeMinutes = 10;
/** Wrong tries of one code; then a new code is needed. */
export const signerCodeTries = 5;
/** Codes one link may ask for in an hour. */
export const signerCodesPerLinkPerHour = 5;
/** Times a dealer may start signing in person for one signer in an hour (each start mails a code). */
export const inPersonStartsPerSignerPerHour = 5;
/** A confirmed session lasts this many hours, never extended. */
export const signerSessionHours = 2;
/** The signer's code by the rules every mailed code follows (../auth/mailed-code.ts). */
export const signerCodeRules: CodeRules = {
  minutes: signerCodeMinutes,
  tries: signerCodeTries,
  perHour: signerCodesPerLinkPerHour,
};

/** A link's token as mailed (32 random bytes, base64url), read from the page's fragment. */
export const signerLinkTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** A decline's reason, as the signer types it. */
export const declineReasonMaxLength = 1000;

/** What the ceremony and its endpoints say. */
export const signerMessages = {
  linkUnknown:
    "This link no longer works. Open the link in the most recent e-mail we sent you about your documents, or call your finance specialist.",
  codeInvalid: `Enter the ${signerCodeLength}-digit code from the e-mail.`,
  codeWrong: (triesLeft: number) =>
    `That code is not right. You can try ${triesLeft} more ${triesLeft === 1 ? "time" : "times"}.`,
  codeUsedUp: "That code was tried too many times. Ask for a new code.",
  codeExpired: "That code has expired. Ask for a new code.",
  codeNone: "Ask for a code first.",
  tooManyCodes: (minutes: number) =>
    `We have sent several codes in the last hour. Use the code in your latest e-mail, or ask again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  tooManyStarts: (minutes: number) =>
    `We have sent this signer several codes in the last hour. Use the code in their latest e-mail, or start again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  sessionEnded: "For your privacy, signing closed. Open the link in your e-mail again to go on.",
  alreadySigned:
    "You have already signed these documents. We will e-mail you the signed copies when everyone has signed.",
  youDeclined: "You declined to sign these documents. We told your finance specialist.",
  voided: (lender: string) =>
    `These documents were withdrawn by ${lender}. You do not need to sign them. Your finance specialist will contact you if new documents are needed.`,
  expired: (lender: string) =>
    `The time to sign these documents has ended. Call ${lender} if you still want to go ahead: new documents can be sent.`,
  declined: (lender: string) =>
    `These documents were declined by a signer, so they can no longer be signed. ${lender} will contact you.`,
  completed: "Everyone has signed these documents. We e-mailed the signed copies to every signer.",
  notYourTurn: (name: string) => `${name} signs first. We will e-mail you when it is your turn.`,
  consentFirst: "Read the disclosure and agree to use electronic records and signatures first.",
  intentRequired: "Confirm that you intend to sign this document.",
  adoptFirst: "Adopt your signature first: type your full name and initials, or draw your signature.",
  documentSigned: "You have already signed this document.",
  declineReasonRequired: "Tell us why you decline to sign.",
} as const;

/** Why a package no longer takes a signature, in the signer's words; null while it is out for signature. */
export function closedPackageMessage(status: PackageStatus, lender: string): string | null {
  switch (status) {
    case "sent":
      return null;
    case "voided":
      return signerMessages.voided(lender);
    case "declined":
      return signerMessages.declined(lender);
    case "completed":
      return signerMessages.completed;
    // A draft was never sent: its links cannot exist, say what an unknown link says.
    case "draft":
      return signerMessages.linkUnknown;
    case "expired":
      return signerMessages.expired(lender);
  }
}

/**
 * Whether a package takes signatures at `now`: sent and not past its expiry (the sweep marks it
 * expired later; until then the time decides).
 */
export function packageOpen(pkg: { status: PackageStatus; expiresAt: Date | null }, now: Date): boolean {
  return pkg.status === "sent" && (pkg.expiresAt === null || pkg.expiresAt.getTime() > now.getTime());
}

/** The message for a package that does not take signatures now (expired by time counts as expired). */
export function packageRefusal(
  pkg: { status: PackageStatus; expiresAt: Date | null },
  now: Date,
  lender: string,
): string | null {
  if (pkg.status === "sent" && !packageOpen(pkg, now)) return signerMessages.expired(lender);
  return closedPackageMessage(pkg.status, lender);
}

export type TurnSigner = { id: string; name: string; position: number; signedAt: Date | string | null };

/**
 * Whose turn it is: all at once, everyone's; in order, the first signer (by position) who has not
 * signed. Answers the name of the one before them who still has to sign, or null when it is theirs.
 */
export function waitingFor(signers: readonly TurnSigner[], signerId: string, inOrder: boolean): string | null {
  if (!inOrder) return null;
  const me = signers.find((signer) => signer.id === signerId);
  if (!me) return null;
  const before = [...signers]
    .sort((a, b) => a.position - b.position)
    .find((signer) => signer.position < me.position && !signer.signedAt);
  return before ? before.name : null;
}

/**
 * The next signer to ask, in order, once `signerId` has signed: the first by position after them who
 * has not signed, or null.
 */
export function nextInOrder(
  signers: readonly (TurnSigner & { declinedAt?: Date | string | null })[],
  signerId: string,
): TurnSigner | null {
  const me = signers.find((signer) => signer.id === signerId);
  if (!me) return null;
  return (
    [...signers]
      .sort((a, b) => a.position - b.position)
      .find((signer) => signer.position > me.position && !signer.signedAt && !signer.declinedAt) ?? null
  );
}

/** Initials from a full name ("Dana R. Whitfield" -> "DRW"), the form's first guess. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((part) => part.replace(/[^\p{L}]/gu, "").charAt(0))
    .join("")
    .toUpperCase()
    .slice(0, 4);
}
