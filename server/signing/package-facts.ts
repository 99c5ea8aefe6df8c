import { eq } from "drizzle-orm";
import type { Brand } from "#domain/site/brand.ts";
import type { PackageFacts } from "#domain/signing/package-shapes.ts";
import { dealProgram, fundingPrograms } from "#domain/funders/funder-terms.ts";
import { financedCents } from "#domain/funders/funder-fit.ts";
import type { DbExecutor } from "../db/client.ts";
import { deal, dealClient } from "../deals/tables.ts";
import { dealApproval, funderAnswer } from "../funders/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";

export type DealForPackage = {
  dealId: string;
  stage: number;
  vendorCompanyId: string | null;
  approvalExpiresOn: string | null;
  /** What every document is filled from, but the signer and guarantor (set per document). */
  facts: Omit<PackageFacts, "businessSigner" | "guarantor" | "date">;
  /** The application's owner, the signer the form suggests. */
  owner: { name: string; email: string; title: string };
};

/**
 * Reads what a package is made from (docs/product-rules.md#r57-documents-and-e-signature): the presented
 * approval's terms (cents), the deal and its equipment, the client, the vendor, the lender's brand.
 * Null when the deal does not exist; `approvalExpiresOn` null when no approval is presented.
 */
export async function dealForPackage(db: DbExecutor, dealId: string, brand: Brand): Promise<DealForPackage | null> {
  const [found] = await db
    .select({
      deal,
      client: dealClient,
      answer: funderAnswer,
      expiresOn: dealApproval.expiresOn,
      vendor: vendorCompany,
    })
    .from(deal)
    .leftJoin(dealClient, eq(dealClient.dealId, deal.id))
    .leftJoin(dealApproval, eq(dealApproval.dealId, deal.id))
    .leftJoin(funderAnswer, eq(funderAnswer.id, dealApproval.answerId))
    .leftJoin(vendorCompany, eq(vendorCompany.id, deal.vendorCompanyId))
    .where(eq(deal.id, dealId));
  if (!found) return null;
  const { client, answer } = found;
  const program = dealProgram();
  const costCents = Math.round(found.deal.costOfEquipment * 100);
  return {
    dealId,
    stage: found.deal.stage,
    vendorCompanyId: found.deal.vendorCompanyId,
    approvalExpiresOn: answer ? found.expiresOn : null,
    // A deal's client row is made with it; the owners' name and the business's address stand in otherwise.
    owner: client
      ? { name: `${client.firstName} ${client.lastName}`.trim(), email: client.emailContact, title: client.ownerTitle }
      : { name: found.deal.ownersName, email: found.deal.businessEmail, title: "" },
    facts: {
      lender: {
        name: brand.legalName,
        address: `${brand.streetAddress}, ${brand.cityStateZip}`,
        phone: brand.phone,
        email: brand.email,
        accentColor: "#094a8c",
      },
      deal: {
        accountNumber: found.deal.accountNumber,
        program: fundingPrograms.find((each) => each.value === program)?.label ?? program,
      },
      business: {
        name: found.deal.businessName,
        address: "",
        phone: found.deal.businessPhone,
        email: found.deal.businessEmail,
      },
      vendor: found.vendor ? { name: found.vendor.name, address: "" } : null,
      equipment: { description: found.deal.equipmentDescription, costCents },
      approval: {
        amountCents: answer?.amountCents ?? financedCents(found.deal.costOfEquipment, found.deal.downPayment),
        termMonths: answer?.termMonths ?? null,
        paymentCents: answer?.paymentCents ?? null,
        rateBasisPoints: answer?.rateBasisPoints ?? null,
        downPaymentCents: answer?.downPaymentCents ?? Math.round(found.deal.downPayment * 100),
        feesCents: answer?.feesCents ?? 0,
        expiresOn: found.expiresOn ?? "",
        lease: program === "lease",
      },
    },
  };
}
