import * as z from "zod/mini";

// Where a package and each signer stand (docs/product-rules.md#r57-documents-and-e-signature): the words
// staff, the dealer, the webhooks and the signer read, from the record's timestamps.

export const packageStatusValues = ["draft", "sent", "completed", "declined", "voided", "expired"] as const;
export type PackageStatus = (typeof packageStatusValues)[number];

export const packageStatusLabels: Record<PackageStatus, string> = {
  draft: "Draft: not sent",
  sent: "Out for signature",
  completed: "Completed",
  declined: "Declined by a signer",
  voided: "Voided",
  expired: "Expired",
};

export const signerStatusValues = ["waiting", "sent", "opened", "signed", "declined"] as const;
export type SignerStatus = (typeof signerStatusValues)[number];

export const signerStatusLabels: Record<SignerStatus, string> = {
  waiting: "Not sent yet",
  sent: "Sent: not opened",
  opened: "Opened: not signed",
  signed: "Signed",
  declined: "Declined",
};

/** A signer's step from the record: declined or signed first, then opened (code confirmed), sent, waiting. */
export function signerStatus(signer: {
  notifiedAt: Date | string | null;
  codeVerifiedAt: Date | string | null;
  signedAt: Date | string | null;
  declinedAt: Date | string | null;
}): SignerStatus {
  if (signer.declinedAt) return "declined";
  if (signer.signedAt) return "signed";
  if (signer.codeVerifiedAt) return "opened";
  if (signer.notifiedAt) return "sent";
  return "waiting";
}

/** A package as the dealer reads it (portal, API, webhooks): names and steps, never an e-mail, IP or code. */
export const dealerSigningPackage = z.object({
  id: z.string(),
  status: z.enum(packageStatusValues),
  sentAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
  /** Why a signer declined, or that the request expired; empty otherwise (staff's reason to void stays theirs). */
  endedReason: z.string(),
  documents: z.array(z.object({ id: z.string(), title: z.string(), signedAt: z.nullable(z.string()) })),
  signers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(signerStatusValues),
      signedAt: z.nullable(z.string()),
      inPerson: z.boolean(),
    }),
  ),
});
export type DealerSigningPackage = z.infer<typeof dealerSigningPackage>;
