// The one schema drizzle sees (the client, drizzle-kit, the retention check): each subject's
// tables, from its own tables.ts. Code imports a table from its subject's file, never from here.
export * from "../vendors/tables.ts";
export * from "../auth/tables.ts";
export * from "../mail/tables.ts";
export * from "../audit/tables.ts";
export * from "../leads/tables.ts";
export * from "../questionnaire/tables.ts";
export * from "../partners/tables.ts";
export * from "../calculator/tables.ts";
export * from "../deals/tables.ts";
export * from "../response-times/tables.ts";
export * from "../working-calendar/tables.ts";
export * from "../webhooks/tables.ts";
export * from "../api-keys/tables.ts";
export * from "../api-v1/tables.ts";
export * from "../adverse-action/tables.ts";
export * from "../duplicates/tables.ts";
export * from "../quotes/tables.ts";
export * from "../funders/tables.ts";
export * from "../stips/tables.ts";
export * from "../applicant-portal/tables.ts";
export * from "../signing/tables.ts";
export * from "../payout-accounts/tables.ts";
export * from "../earnings/tables.ts";
export * from "../funding/tables.ts";
export * from "../payouts/tables.ts";
