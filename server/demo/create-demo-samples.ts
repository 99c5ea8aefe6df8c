import type { Database } from "../db/client.ts";
import { createSampleDeals } from "./create-sample-deals.ts";
import { createSampleFunders } from "./create-sample-funders.ts";
import { createSampleFunding } from "./create-sample-funding.ts";
import { createSampleLeads } from "./create-sample-leads.ts";
import { createSampleSigning } from "./create-sample-signing.ts";
import type { DemoSampleDeps } from "./demo-sample-deps.ts";
import { sampleContext, type DemoPeople } from "./sample-context.ts";

/**
 * The demo's sample data, made through the same functions as the public forms, the portal and the
 * back office: deals in every stage with documents, threads and history; the funders' answers, an
 * approval with its stips and one about to expire; documents out and signed; deals verified, funded
 * and paid in an ACH batch with earnings in two tiers; leads of every kind.
 */
export async function createDemoSamples(
  db: Database,
  deps: DemoSampleDeps,
  people: DemoPeople,
  now = new Date(),
): Promise<void> {
  const context = sampleContext(deps);
  await createSampleDeals(db, deps, context, people, now);
  await createSampleFunders(db, deps, context, people, now);
  await createSampleSigning(db, deps, context, people, now);
  await createSampleFunding(db, deps, context, people, now);
  await createSampleLeads(db, context, people, now);
}
