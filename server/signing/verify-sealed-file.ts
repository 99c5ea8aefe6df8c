import { eq, or } from "drizzle-orm";
import { verifyMessages, type VerifyOutcome, type VerifySealedFileResult } from "#domain/signing/verify-contracts.ts";
import type { DbExecutor } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { readSealedPdf } from "./read-sealed-pdf.ts";
import { signingPackage, signingSealedFile } from "./tables.ts";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A PDF against the signing record (docs/product-rules.md#r57-documents-and-e-signature): valid when its
 * SHA-256 is a sealed file's and its seal verifies; changed when it carries the id of one of our
 * records (a document's or a certificate's) but is not that file, or its seal no longer verifies;
 * unknown otherwise.
 */
export async function verifySealedFileBytes(
  db: DbExecutor,
  bytes: Buffer,
  sha256: string,
): Promise<VerifySealedFileResult> {
  const reading = readSealedPdf(bytes);
  const record = async (where: ReturnType<typeof eq> | ReturnType<typeof or>) => {
    const [found] = await db
      .select({
        title: signingSealedFile.title,
        sha256: signingSealedFile.sha256,
        dealId: deal.id,
        accountNumber: deal.accountNumber,
        businessName: deal.businessName,
        completedAt: signingPackage.completedAt,
      })
      .from(signingSealedFile)
      .innerJoin(signingPackage, eq(signingPackage.id, signingSealedFile.packageId))
      .innerJoin(deal, eq(deal.id, signingPackage.dealId))
      .where(where!)
      .limit(1);
    return found ? { ...found, completedAt: found.completedAt?.toISOString() ?? null } : null;
  };
  const answer = (outcome: VerifyOutcome, found: Awaited<ReturnType<typeof record>>) => ({
    outcome,
    message: verifyMessages[outcome],
    sha256,
    record: found,
  });
  const byHash = await record(eq(signingSealedFile.sha256, sha256));
  if (byHash) return answer(reading.intact ? "valid" : "tampered", byHash);
  if (reading.recordId && uuidPattern.test(reading.recordId)) {
    const claimed = await record(
      or(eq(signingSealedFile.documentId, reading.recordId), eq(signingSealedFile.id, reading.recordId)),
    );
    if (claimed) return answer("tampered", claimed);
  }
  return answer("unknown", null);
}
