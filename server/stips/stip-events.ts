import type { VendorStip } from "#domain/stips/contracts.ts";
import type { DbExecutor } from "../db/client.ts";
import type { deal } from "../deals/tables.ts";
import { vendorDeal } from "../deals/portal-deal-page.ts";
import { dealRecipientEmails } from "../auth/company-user-emails.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import type { MailContext } from "../shared/request-context.ts";
import { emitWebhookEvent } from "../webhooks/emit-event.ts";

type DealRow = typeof deal.$inferSelect;

const eventStip = ({ id, name, description, satisfiedBy, status, reason }: VendorStip) => ({
  id,
  name,
  description,
  satisfiedBy,
  status,
  reason,
});

/** `deal.stips_requested` for the deal's company, with the stips just requested (a direct deal has no dealer to call). */
export async function emitStipsRequested(tx: DbExecutor, row: DealRow, stips: readonly VendorStip[]) {
  if (row.vendorCompanyId === null) return;
  await emitWebhookEvent(tx, row.vendorCompanyId, {
    type: "deal.stips_requested",
    data: { ...vendorDeal(row), stips: stips.map(eventStip) },
  });
}

/** `deal.stip_reviewed` for the deal's company: the stip as it stands after the review. */
export async function emitStipReviewed(tx: DbExecutor, row: DealRow, stip: VendorStip) {
  if (row.vendorCompanyId === null) return;
  await emitWebhookEvent(tx, row.vendorCompanyId, {
    type: "deal.stip_reviewed",
    data: { ...vendorDeal(row), stip: eventStip(stip) },
  });
}

/**
 * Tells the dealer (the deal's owner, else the company's admins) what the credit team asks for or
 * sent back (docs/product-rules.md#r55-stipulations): names and reasons only, never a customer's data.
 */
export async function mailDealerAboutStips(
  tx: DbExecutor,
  context: MailContext,
  row: DealRow,
  news: { kind: "requested"; stips: readonly VendorStip[] } | { kind: "rejected"; stip: VendorStip },
) {
  const recipients = await dealRecipientEmails(tx, row);
  const subject =
    news.kind === "requested"
      ? `Stips requested: ${row.businessName} (${row.accountNumber})`
      : `Stip rejected: ${row.businessName} (${row.accountNumber})`;
  const paragraphs =
    news.kind === "requested"
      ? [
          "Before documents, the credit team needs:",
          ...news.stips.map((stip) => `${stip.name}${stip.satisfiedBy === "applicant" ? " (from your customer)" : ""}`),
          "Send each from the deal's page in the portal.",
        ]
      : [`${news.stip.name} was sent back: ${news.stip.reason}`, "Send it again from the deal's page in the portal."];
  for (const to of recipients)
    await enqueueMail(
      tx,
      simpleMail({
        to,
        subject,
        paragraphs,
        action: { label: "Open the deal", url: `${context.publicUrl}/portal/deals/${row.id}` },
        product: context.product,
      }),
      context.cipher,
    );
}
