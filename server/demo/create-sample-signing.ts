import { and, eq } from "drizzle-orm";
import { businessDayOf } from "#domain/site/business-day.ts";
import type { Database } from "../db/client.ts";
import { deal, dealClient } from "../deals/tables.ts";
import { funder } from "../funders/tables.ts";
import { sealCompletedPackage } from "../signing/complete-package.ts";
import { generatePackage } from "../signing/generate-package.ts";
import { giveConsent } from "../signing/give-consent.ts";
import { sendPackage } from "../signing/send-package.ts";
import { signDocument } from "../signing/sign-document.ts";
import { loadSealingCertificate } from "../signing/sealing-certificate.ts";
import { signingDocument, signingLink, signingSigner } from "../signing/tables.ts";
import { presentSampleApproval } from "./present-sample-approval.ts";
import type { DemoSampleDeps } from "./demo-sample-deps.ts";
import type { DemoPeople, SampleContext } from "./sample-context.ts";

const client = { ipAddress: "203.0.113.24", userAgent: "Mozilla/5.0 (sample signer's phone)" };

/**
 * The agreement package at work (docs/product-rules.md#r57-documents-and-e-signature), through the same
 * functions as the back office and the ceremony: Blue Mesa Dental Studio's documents out for
 * signature (the owner has opened them, the guarantor not yet), and Ironwood Machine Shop's signed by
 * every signer and sealed (its files attached to the deal).
 */
export async function createSampleSigning(
  db: Database,
  deps: DemoSampleDeps,
  context: SampleContext,
  people: DemoPeople,
  now: Date,
): Promise<void> {
  const by = { userId: people.admin.id, ipAddress: "127.0.0.1" };
  const staff = { id: people.admin.id, email: people.admin.email, ipAddress: "127.0.0.1" };
  const brand = deps.config.public.brand;
  const [harbor] = await db.select({ id: funder.id }).from(funder).where(eq(funder.name, "Sample — Harbor Capital"));
  const ready = async (businessName: string, amount: string, payment: string) => {
    const [found] = await db
      .select({ id: deal.id, email: dealClient.emailContact, first: dealClient.firstName, last: dealClient.lastName })
      .from(deal)
      .innerJoin(dealClient, eq(dealClient.dealId, deal.id))
      .where(eq(deal.businessName, businessName.toUpperCase()));
    if (!found) throw new Error(`No sample deal ${businessName}`);
    await presentSampleApproval(db, context, staff, {
      dealId: found.id,
      funderId: harbor!.id,
      terms: { amount, termMonths: "48", payment },
      today: businessDayOf(now, context.timeZone),
      stipReason: "Seen at the dealer's.",
    });
    const signers = [
      {
        name: `${found.first} ${found.last}`,
        email: found.email,
        title: "Owner",
        signsForBusiness: true,
        guarantor: true,
      },
      {
        name: "Jordan Sample",
        email: `guarantor.${found.email}`,
        title: "",
        signsForBusiness: false,
        guarantor: true,
      },
    ];
    const packageId = await generatePackage(db, deps.storage, brand, by, found.id, {
      signers,
      inOrder: false,
      lease: false,
    });
    await sendPackage(db, context, staff, packageId);
    return packageId;
  };

  /** A signer through the ceremony's own steps: code confirmed, consent, then each document signed. */
  const signAll = async (packageId: string, signerPosition: number, finish: boolean) => {
    const [signer] = await db
      .select()
      .from(signingSigner)
      .where(and(eq(signingSigner.packageId, packageId), eq(signingSigner.position, signerPosition)));
    const [link] = await db.select().from(signingLink).where(eq(signingLink.signerId, signer!.id)).limit(1);
    await db
      .update(signingSigner)
      .set({ codeVerifiedAt: now, firstViewedAt: now })
      .where(eq(signingSigner.id, signer!.id));
    const caller = {
      linkId: link!.id,
      signerId: signer!.id,
      packageId,
      dealId: "",
      sessionEndsAt: new Date(now.getTime() + 3_600_000),
      inPersonHostUserId: null,
    };
    await giveConsent(db, caller, client);
    if (!finish) return false;
    const documents = await db
      .select({ id: signingDocument.id })
      .from(signingDocument)
      .where(eq(signingDocument.signerId, signer!.id));
    let complete = false;
    for (const [index, document] of documents.entries()) {
      const outcome = await signDocument(
        db,
        context,
        caller,
        document.id,
        index === 0 ? { kind: "typed", name: signer!.name, initials: initialsOf(signer!.name) } : undefined,
        client,
      );
      complete = outcome.complete;
    }
    return complete;
  };

  // Out for signature: the owner opened the documents and consented, the guarantor has not opened them.
  const blueMesa = await ready("Sample — Blue Mesa Dental Studio", "38,000", "951.40");
  await signAll(blueMesa, 0, false);

  // Signed by both and sealed with the demo's certificate.
  const ironwood = await ready("Sample — Ironwood Machine Shop", "64,000", "1,598.20");
  await signAll(ironwood, 0, true);
  if (await signAll(ironwood, 1, true)) {
    const certificate = await loadSealingCertificate({
      ...deps.config.signingCertificate,
      dataDir: deps.config.dataDir,
      production: deps.config.env === "production",
      lenderName: brand.legalName,
    });
    await sealCompletedPackage({ db, storage: deps.storage, context, brand, certificate }, ironwood);
  }
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .toUpperCase()
    .slice(0, 4);
