import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { blankFunderAnswer, type DealFunders } from "#domain/funders/deal-funder-contracts.ts";
import type { DealStips } from "#domain/stips/contracts.ts";
import { user } from "../../server/auth/tables.ts";
import { loopbackAddress, signIn, testOrigin, type TestServer } from "./test-server.ts";
import { createVendor, submitPortalDeal } from "./vendor-fixtures.ts";

const asStaff = (app: FastifyInstance, staff: string) => (method: "GET" | "POST", url: string, payload?: object) =>
  app.inject({
    method,
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie: staff, origin: testOrigin },
  });

/**
 * A vendor's deal with a funder's approval presented by staff, through the routes staff use
 * (docs/product-rules.md#r54-the-funder-network): the vendor, their session cookie and the deal's id.
 */
export async function approvedDeal(
  server: TestServer,
  staff: string,
  companyName: string,
  answer: { amount?: string; termMonths?: string; payment?: string; conditions?: string } = {},
  /** Runs once the vendor exists, before its deal is submitted (a webhook endpoint that should hear every event). */
  beforeDeal?: (vendor: Awaited<ReturnType<typeof createVendor>>, ownerUserId: string) => Promise<unknown>,
) {
  const call = asStaff(server.app, staff);
  const vendor = await createVendor(server.database, server.auth, companyName);
  const { cookie } = await signIn(server.app, vendor.email, vendor.password);
  const [owner] = await server.database.db.select({ id: user.id }).from(user).where(eq(user.email, vendor.email));
  await beforeDeal?.(vendor, owner!.id);
  const dealId = await submitPortalDeal(server.app, cookie, {
    businessName: `${companyName} client`,
    costOfEq: "80,000",
    downPayment: "5,000",
  });
  const funder = (
    await call("POST", "/api/back-office/funders", {
      name: `${companyName} Funding`,
      contactName: "",
      contactEmail: "",
      contactPhone: "",
      programs: "equipment-finance",
      minCreditScore: "",
      minMonthsInBusiness: "",
      minAmount: "",
      maxAmount: "",
      industries: "",
      states: "",
      active: true,
    })
  ).json().funder as { id: string };
  const sent = (
    await call("POST", `/api/back-office/deals/${dealId}/funders`, { funderIds: [funder.id] })
  ).json() as DealFunders;
  const submission = sent.submissions[0]!;
  const answered = (
    await call("POST", `/api/back-office/deals/${dealId}/funders/${submission.id}/answers`, {
      ...blankFunderAnswer,
      decision: answer.conditions ? "conditioned" : "approved",
      amount: answer.amount ?? "75,000",
      termMonths: answer.termMonths ?? "48",
      payment: answer.payment ?? "1,984.50",
      conditions: answer.conditions ?? "",
    })
  ).json() as DealFunders;
  const presented = await call(
    "POST",
    `/api/back-office/deals/${dealId}/funders/${submission.id}/answers/${answered.submissions[0]!.answers[0]!.id}/present`,
  );
  if (presented.statusCode !== 200) throw new Error(`present: ${presented.statusCode} ${presented.body}`);
  return { vendor, cookie, dealId, ownerUserId: owner!.id };
}

/** Staff waive every stip of a deal: it is ready for documents (docs/product-rules.md#r55-stipulations). */
export async function waiveEveryStip(server: TestServer, staff: string, dealId: string) {
  const call = asStaff(server.app, staff);
  const { stips } = (await call("GET", `/api/back-office/deals/${dealId}/stips`)).json() as DealStips;
  for (const stip of stips) {
    const waived = await call("POST", `/api/back-office/deals/${dealId}/stips/${stip.id}/review`, {
      review: "waive",
      reason: "Not needed for this deal.",
    });
    if (waived.statusCode !== 200) throw new Error(`waive: ${waived.statusCode} ${waived.body}`);
  }
}
