/**
 * What becomes of every table and every kind of stored file, in one place. The retention job
 * (purge-expired-data.ts) applies the `purged` and `with-subject` rules and reports a count for
 * each; `with-parent` rows go by ON DELETE CASCADE; `kept` says why a table is never purged.
 * purge-expired-data.test.ts fails when a table of server/db/schema.ts has no rule here, or when a
 * `with-parent` table does not cascade from its parent.
 */
export type RetentionRule =
  | { kind: "purged"; rule: string }
  | { kind: "with-subject"; rule: string }
  | { kind: "with-parent"; parent: string }
  | { kind: "kept"; why: string };

export const tableRetention = {
  // Public leads: by their creation (docs/product-rules.md#r33-retention).
  footer_message: { kind: "purged", rule: "RETENTION_DAYS after creation" },
  vendor_contact: { kind: "purged", rule: "RETENTION_DAYS after creation" },
  calculator_lead: { kind: "purged", rule: "RETENTION_DAYS after creation" },
  questionnaire_answer: { kind: "purged", rule: "RETENTION_DAYS after creation, with its picked options" },
  picked_option: { kind: "purged", rule: "RETENTION_DAYS after creation, or with its answer" },
  credit_application: {
    kind: "purged",
    rule: "last activity (creation, decision, notice) older than both RETENTION_DAYS and 25 months (Reg B, 12 CFR 1002.12(b)(1))",
  },
  credit_application_owner: { kind: "with-parent", parent: "credit_application" },
  credit_application_decision: { kind: "with-parent", parent: "credit_application" },
  lead_status: { kind: "with-subject", rule: "with its lead" },
  lead_history: { kind: "with-subject", rule: "with its lead" },
  // Deals: by their last update, which a decision or a notice sets.
  deal: {
    kind: "purged",
    rule: "last update (and any decision or notice date) older than both RETENTION_DAYS and 25 months (Reg B); its files after the commit",
  },
  deal_client: { kind: "with-parent", parent: "deal" },
  deal_document: { kind: "with-parent", parent: "deal" },
  deal_message: { kind: "with-parent", parent: "deal" },
  deal_vendor_read: { kind: "with-parent", parent: "deal" },
  deal_history: { kind: "with-parent", parent: "deal" },
  funder_submission: { kind: "with-parent", parent: "deal" },
  funder_answer: { kind: "with-parent", parent: "funder_submission" },
  deal_approval: { kind: "with-parent", parent: "deal" },
  deal_stip: { kind: "with-parent", parent: "deal" },
  deal_stip_event: { kind: "with-parent", parent: "deal_stip" },
  deal_stip_document: { kind: "with-parent", parent: "deal_document" },
  applicant_access: { kind: "with-parent", parent: "deal" },
  agreement_template_version: { kind: "kept", why: "the text admins keep; every package copies what it was made from" },
  signing_package: { kind: "with-parent", parent: "deal" },
  signing_signer: { kind: "with-parent", parent: "signing_package" },
  signing_document: { kind: "with-parent", parent: "signing_package" },
  signing_sealed_file: { kind: "with-parent", parent: "signing_package" },
  signing_link: { kind: "with-parent", parent: "signing_signer" },
  signing_event: { kind: "with-parent", parent: "signing_package" },
  deal_verification: { kind: "with-parent", parent: "deal" },
  deal_funding: { kind: "with-parent", parent: "deal" },
  funding_report: { kind: "with-parent", parent: "vendor_company" },
  payout_account: {
    kind: "with-parent",
    parent: "vendor_company",
  },
  payout_batch: { kind: "kept", why: "the ACH files sent to the bank: the lender's payment records" },
  payout_entry: { kind: "kept", why: "each payment to a dealer and its return: the lender's payment records" },
  earnings_tier: { kind: "kept", why: "the tiers admins define" },
  earnings_setting: { kind: "kept", why: "one row of settings" },
  earnings_entry: {
    kind: "kept",
    why: "the dealer's earnings ledger: statements outlive the deal (its number and name are copied)",
  },
  adverse_action_notice: {
    kind: "with-subject",
    rule: "with its deal or credit application (so at least 25 months after it was sent)",
  },
  duplicate_match_key: {
    kind: "purged",
    rule: "past the 90-day comparison window, or with its record: keyed hashes of 9-digit tax ids and phones are guessable by whoever holds the key",
  },
  duplicate_link: { kind: "with-subject", rule: "with either of its records" },
  vendor_quote: {
    kind: "purged",
    rule: "RETENTION_DAYS after its last activity (sent, resent, opened, applied, withdrawn)",
  },
  vendor_quote_mail: {
    kind: "purged",
    rule: "a day after the mail (it only counts the hour's quote mails; the recipient is a hash)",
  },
  // Short-lived secrets and copies.
  credit_application_draft: { kind: "purged", rule: "when its link expires" },
  status_mail_opt_out_token: { kind: "purged", rule: "RETENTION_DAYS after creation" },
  mail_outbox: {
    kind: "purged",
    rule: "DELIVERED_MAIL_RETENTION_DAYS after sending; undelivered mail is kept until it goes out",
  },
  webhook_event: {
    kind: "purged",
    rule: "DELIVERED_MAIL_RETENTION_DAYS after creation, never while a delivery is pending",
  },
  webhook_delivery: { kind: "with-parent", parent: "webhook_event" },
  api_idempotency: { kind: "purged", rule: "24 hours after creation (the replay window)" },
  session: { kind: "purged", rule: "when it expires (it holds an address and a user agent)" },
  verification: { kind: "purged", rule: "when it expires" },
  rate_limit: { kind: "purged", rule: "a day after its last request (its key holds an address)" },
  // Accounts, configuration and counts.
  user: { kind: "kept", why: "staff and dealer accounts: deactivated by an admin, never by age" },
  account: { kind: "with-parent", parent: "user" },
  two_factor: { kind: "with-parent", parent: "user" },
  vendor_company: { kind: "kept", why: "the dealers (business customers), not applicants" },
  partner: { kind: "kept", why: "a dealer's co-branding; its uploaded logo is kept with it" },
  funder: { kind: "kept", why: "a funder of the network and its published criteria: no customer data" },
  funder_setting: { kind: "kept", why: "one row of the network's settings" },
  stip_kind: { kind: "kept", why: "the catalog of stipulations: no customer data" },
  api_key: { kind: "kept", why: "a dealer's configuration; the secret is stored as a hash only" },
  webhook_endpoint: { kind: "kept", why: "a dealer's configuration" },
  vendor_link_visit: { kind: "kept", why: "visit counts per company and day, no personal data" },
  response_clock: {
    kind: "kept",
    why: "when a lead or deal arrived and was first answered, by id only: the response board's history (its rollups would change)",
  },
  response_day: { kind: "kept", why: "daily counts, no personal data" },
  lead_intake: {
    kind: "kept",
    why: "a queue: each row is deleted in the statement that indexes its lead, seconds after it arrives; kind, id and clock terms only",
  },
  response_day_zone: { kind: "kept", why: "one setting" },
  working_calendar_day: {
    kind: "kept",
    why: "the credit team's calendar: days admins opened or closed, no personal data",
  },
  status_mail_opt_out: { kind: "kept", why: "an address's (hashed) refusal of status mails must outlive its tokens" },
  audit_log: {
    kind: "kept",
    why: "append-only (a trigger refuses DELETE): who did what, with ids and counts, never customer values",
  },
} satisfies Record<string, RetentionRule>;

export type RetainedTable = keyof typeof tableRetention;
/** The tables the job deletes from and counts. */
export type PurgedTable = {
  [Table in RetainedTable]: (typeof tableRetention)[Table]["kind"] extends "purged" | "with-subject" ? Table : never;
}[RetainedTable];

/** Stored files and archives: not tables, so listed here for the same overview (docs/deploy.md). */
export const fileRetention = {
  "deals/<deal id>/… (file storage)":
    "deleted with their deal, after the purge commits; a crash leaves files without rows, which the orphan sweep removes",
  "partners/<id> (file storage)":
    "a partner's uploaded logo, kept with the partner; replaced logos are swept as orphans",
  "files no row points at (file storage)": "the orphan sweep after each purge, once an hour old",
  "noncurrent S3 object versions":
    "a bucket lifecycle rule (NoncurrentVersionExpiration, docs/deploy.md): a delete only hides a versioned object",
  "BACKUP_DIR archives (npm run backup)": "the BACKUP_KEEP newest are kept; each backup deletes older ones",
  "DATA_DIR/backups (answers to npm run backup)":
    "moved out by the command; what an abandoned command left is deleted after a day",
} as const;
