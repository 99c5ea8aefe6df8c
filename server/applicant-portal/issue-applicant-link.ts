import { applicantLinkDays } from "#domain/applicant-portal/applicant-access.ts";
import type { DbExecutor } from "../db/client.ts";
import { newLinkToken, sha256Hex } from "../shared/crypto/link-token.ts";
import { applicantAccess } from "./tables.ts";

/** The page a link opens: the token in the fragment, which browsers never send (docs/product-rules.md#r37-no-secret-in-a-url-or-a-log). */
export function applicantPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/application#${token}`;
}

/**
 * A new link to the deal's applicant page (docs/product-rules.md#r56-the-applicants-page), for a status
 * mail queued in the same transaction: a random token stored only as its SHA-256, working
 * `applicantLinkDays` days. Each mail gets its own link; none replaces another.
 */
export async function issueApplicantLink(db: DbExecutor, publicUrl: string, dealId: string): Promise<string> {
  const token = newLinkToken();
  await db.insert(applicantAccess).values({
    dealId,
    linkTokenHash: sha256Hex(token),
    linkExpiresAt: new Date(Date.now() + applicantLinkDays * 86_400_000),
  });
  return applicantPageUrl(publicUrl, token);
}
