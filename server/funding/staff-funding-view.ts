import { and, desc, eq } from "drizzle-orm";
import type { DealFunding, StaffFunding } from "#domain/funding/back-office-contracts.ts";
import { fundingAmountCents, fundingAmountProblem, fundingLines } from "#domain/funding/funding-amount.ts";
import { fundingPreparationProblem, verificationStageProblem } from "#domain/funding/funding-rules.ts";
import { alias } from "drizzle-orm/pg-core";
import { user } from "../auth/tables.ts";
import type { DbExecutor } from "../db/client.ts";
import { deal, dealDocument } from "../deals/tables.ts";
import { AppError } from "../shared/errors.ts";
import { signingDocument, signingPackage, signingSealedFile } from "../signing/tables.ts";
import { fundingBasis } from "./funding-inputs.ts";
import { dealFunding, dealVerification } from "./tables.ts";

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const preparer = alias(user, "preparer");
const decider = alias(user, "decider");
const canceller = alias(user, "canceller");

/** The sealed delivery and acceptance certificate of the deal's last completed package, if any. */
async function sealedDeliveryCertificate(db: DbExecutor, dealId: string): Promise<string | null> {
  const [found] = await db
    .select({ id: signingSealedFile.dealDocumentId })
    .from(signingSealedFile)
    .innerJoin(signingDocument, eq(signingDocument.id, signingSealedFile.documentId))
    .innerJoin(signingPackage, eq(signingPackage.id, signingSealedFile.packageId))
    .where(
      and(
        eq(signingPackage.dealId, dealId),
        eq(signingPackage.status, "completed"),
        eq(signingDocument.kind, "delivery-and-acceptance"),
      ),
    )
    .orderBy(desc(signingPackage.completedAt))
    .limit(1);
  return found?.id ?? null;
}

/**
 * The deal's verification and fundings as staff see them (docs/product-rules.md#r58-verification-and-funding),
 * with the funding as it would be prepared now, line by line, and why it cannot be when it cannot.
 */
export async function staffFundingView(
  db: DbExecutor,
  dealId: string,
  viewerId: string,
  timeZone: string,
): Promise<DealFunding> {
  const [found] = await db.select().from(deal).where(eq(deal.id, dealId));
  if (!found) throw new AppError("NOT_FOUND", "Not found.");
  const [verificationRows, documents, fundings, suggested] = await Promise.all([
    db
      .select({ verification: dealVerification, recordedBy: user.email, certificate: dealDocument.originalName })
      .from(dealVerification)
      .innerJoin(user, eq(user.id, dealVerification.recordedByUserId))
      .innerJoin(dealDocument, eq(dealDocument.id, dealVerification.deliveryCertificateDocumentId))
      .where(eq(dealVerification.dealId, dealId)),
    db
      .select({ id: dealDocument.id, name: dealDocument.originalName })
      .from(dealDocument)
      .where(eq(dealDocument.dealId, dealId))
      .orderBy(desc(dealDocument.uploadedAt)),
    db
      .select({
        funding: dealFunding,
        preparedBy: preparer.email,
        decidedBy: decider.email,
        cancelledBy: canceller.email,
      })
      .from(dealFunding)
      .innerJoin(preparer, eq(preparer.id, dealFunding.preparedByUserId))
      .leftJoin(decider, eq(decider.id, dealFunding.decidedByUserId))
      .leftJoin(canceller, eq(canceller.id, dealFunding.cancelledByUserId))
      .where(eq(dealFunding.dealId, dealId))
      .orderBy(desc(dealFunding.createdAt)),
    sealedDeliveryCertificate(db, dealId),
  ]);
  const verified = verificationRows[0];
  const staffFundings: StaffFunding[] = fundings.map(({ funding, preparedBy, decidedBy, cancelledBy }) => ({
    id: funding.id,
    status: funding.status,
    lines: fundingLines(funding),
    amountCents: funding.amountCents,
    amountFinancedCents: funding.amountFinancedCents,
    preparedBy,
    preparedAt: funding.preparedAt.toISOString(),
    decidedBy,
    decidedAt: iso(funding.decidedAt),
    rejectReason: funding.rejectReason,
    fundedOn: funding.fundedOn,
    cancelledAt: iso(funding.cancelledAt),
    cancelledBy,
    cancelReason: funding.cancelReason,
    canDecide: funding.status === "awaiting-approval" && funding.preparedByUserId !== viewerId,
  }));
  const hasOpenFunding = fundings.some(
    ({ funding }) => funding.status === "awaiting-approval" || funding.status === "approved",
  );
  const basis = await fundingBasis(db, found, new Date(), timeZone);
  const preparationProblem =
    fundingPreparationProblem({
      stage: found.stage,
      hasVendorCompany: found.vendorCompanyId !== null,
      approval: basis.approval,
      hasOpenFunding,
      hadCancelledFunding: fundings.some(({ funding }) => funding.status === "cancelled"),
      openStips: found.openStips,
    }) ?? (basis.approval === "live" ? fundingAmountProblem(basis.inputs) : null);
  return {
    stage: found.stage,
    verification: verified
      ? {
          calledName: verified.verification.calledName,
          calledPhone: verified.verification.calledPhone,
          calledAt: verified.verification.calledAt.toISOString(),
          confirmedItems: verified.verification.confirmedItems,
          deliveryCertificate: { id: verified.verification.deliveryCertificateDocumentId, name: verified.certificate },
          note: verified.verification.note,
          recordedBy: verified.recordedBy,
          recordedAt: verified.verification.recordedAt.toISOString(),
        }
      : null,
    verificationProblem: verificationStageProblem(found.stage),
    documents,
    suggestedCertificateId: suggested,
    fundings: staffFundings,
    preview:
      basis.approval === "live" && basis.earnings && !hasOpenFunding
        ? {
            lines: fundingLines(basis.inputs),
            amountCents: fundingAmountCents(basis.inputs),
            earnings: {
              tierLabel: basis.earnings.tierLabel,
              pointsBasisPoints: basis.earnings.pointsBasisPoints,
              trailingVolumeCents: basis.earnings.trailingVolumeCents,
              earningsCents: basis.earnings.earningsCents,
              payout: basis.earnings.payout,
            },
          }
        : null,
    preparationProblem,
  };
}
