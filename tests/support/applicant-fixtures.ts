import type { DatabaseHandle } from "../../server/db/client.ts";
import { applicantCookie } from "../../server/applicant-portal/applicant-cookie.ts";
import { applicantAccess } from "../../server/applicant-portal/tables.ts";
import { newLinkToken, sha256Hex } from "../../server/shared/crypto/link-token.ts";
import { testOrigin } from "./test-server.ts";

/**
 * A session on a deal's applicant page without the mail round trip (the authorization matrix and the
 * fuzz suites; server/applicant-portal/applicant-portal.test.ts walks the real link and code): answers
 * the Cookie header that carries it.
 */
export async function applicantSessionCookie(database: DatabaseHandle, dealId: string): Promise<string> {
  const session = newLinkToken();
  await database.db.insert(applicantAccess).values({
    dealId,
    linkTokenHash: sha256Hex(newLinkToken()),
    linkExpiresAt: new Date(Date.now() + 86_400_000),
    sessionTokenHash: sha256Hex(session),
    sessionExpiresAt: new Date(Date.now() + 3_600_000),
  });
  return `${applicantCookie(testOrigin).name}=${session}`;
}
