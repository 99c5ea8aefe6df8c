import type { Brand } from "#domain/site/brand.ts";
import type { DbExecutor } from "../db/client.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { companyAdminEmails } from "./company-user-emails.ts";

export type NewCredential =
  { kind: "api-key"; name: string; prefix: string } | { kind: "webhook-endpoint"; url: string };

/**
 * Tells every active user of the company that an API key or a webhook endpoint was created (what,
 * by whom, when; never its secret), so a key made from a stolen session does not go unnoticed.
 */
export async function tellCompanyOfCredential(
  db: DbExecutor,
  mail: { brand: Brand; publicUrl: string },
  companyId: string,
  by: string,
  credential: NewCredential,
): Promise<void> {
  const { brand, publicUrl } = mail;
  const what =
    credential.kind === "api-key"
      ? `An API key, "${credential.name}" (${credential.prefix}…),`
      : `A webhook endpoint sending deal events to ${credential.url}`;
  const subject =
    credential.kind === "api-key"
      ? `A new ${brand.name} API key was created`
      : `A new ${brand.name} webhook endpoint was added`;
  const screen =
    credential.kind === "api-key"
      ? { label: "See the API keys", url: `${publicUrl}/portal/api-keys` }
      : { label: "See the webhooks", url: `${publicUrl}/portal/webhooks` };
  const paragraphs = [
    `${what} was ${credential.kind === "api-key" ? "created" : "added"} for your company by ${by} on ${new Date().toUTCString()}.`,
    `If nobody at your company meant to, ${credential.kind === "api-key" ? "revoke the key" : "delete the endpoint"} in the portal and call ${brand.name} at ${brand.phone}.`,
  ];
  for (const to of await companyAdminEmails(db, companyId)) {
    await enqueueMail(db, simpleMail({ to, subject, paragraphs, action: screen, product: brand.name }));
  }
}
