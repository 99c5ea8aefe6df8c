import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { LIST_PAGE_SIZE } from "#domain/http/list-page.ts";
import { businessHoursDueAt, stipReviewMinutes } from "#domain/response-times/response-promise.ts";
import { defaultBrand } from "#domain/site/brand.ts";
import type { StipsToReview } from "#domain/stips/review-queue-contracts.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createAccount } from "../accounts/create-account.ts";
import { deal } from "../deals/tables.ts";
import { responseClock } from "../response-times/tables.ts";
import { startStipReviewClock } from "../response-times/response-clock.ts";
import { dealStip } from "./tables.ts";

let server: TestServer;
let staff = "";
let vendorCookie = "";
let companyId = "";
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "staff@stip-queue.example",
    name: "Queue Staff",
    role: authRoles.staff,
    password: "queue-password-1",
    emailVerified: true,
  });
  staff = (await signIn(server.app, "staff@stip-queue.example", "queue-password-1")).cookie;
  const vendor = await createVendor(server.database, server.auth, "Queue Motors");
  companyId = vendor.company.id;
  vendorCookie = (await signIn(server.app, vendor.email, vendor.password)).cookie;
});
afterAll(() => server?.close());

const get = (url: string, cookie: string) =>
  server.app.inject({ method: "GET", url, remoteAddress: loopbackAddress(), headers: { cookie, origin: testOrigin } });

const queue = async (cursor?: string) => {
  const answer = await get(
    `/api/back-office/stips/to-review${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
    staff,
  );
  expect(answer.statusCode).toBe(200);
  return answer.json() as StipsToReview;
};

let accountSequence = 51_000;

/** A deal written straight into the table: a vendor's, or a direct one (no vendor). */
async function insertDeal(businessName: string, vendor: boolean) {
  const [row] = await db()
    .insert(deal)
    .values({
      idempotencyKey: randomUUID(),
      vendorCompanyId: vendor ? companyId : null,
      source: vendor ? "portal" : "direct",
      accountNumber: `VP${accountSequence++}`,
      businessName,
      ownersName: "Owner",
      businessPhone: "5550100000",
      businessEmail: "owner@business.example",
      description: "",
      equipmentDescription: "",
      monthSubmitted: 1,
      yearInFile: 2026,
      stage: 2,
    })
    .returning({ id: deal.id, accountNumber: deal.accountNumber });
  return row!;
}

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 17, 0) + minutes * 60_000);

describe("stips to review", () => {
  it("lists received stips only, oldest received first, with the deal, the vendor (none for a direct deal), due and overdue", async () => {
    const vendorDeal = await insertDeal("Queue Paving", true);
    const directDeal = await insertDeal("Direct Bakery", false);
    const insert = async (
      dealId: string,
      name: string,
      status: "requested" | "received" | "accepted" | "rejected" | "waived",
      receivedAt: Date | null,
    ) =>
      (
        await db()
          .insert(dealStip)
          .values({ dealId, name, satisfiedBy: "applicant", status, receivedAt })
          .returning({ id: dealStip.id })
      )[0]!.id;
    const newer = await insert(vendorDeal.id, "Voided business check", "received", at(30));
    const older = await insert(directDeal.id, "Bank statements (last 3 months)", "received", at(0));
    await insert(vendorDeal.id, "Equipment invoice", "requested", null);
    await insert(vendorDeal.id, "Driver's license of each owner", "accepted", at(-10));
    await insert(directDeal.id, "Certificate of insurance", "rejected", at(-20));
    await insert(directDeal.id, "Landlord waiver", "waived", at(-30));

    // The older one's clock is past due; the newer one's runs (started now, due 4 business hours on).
    await startStipReviewClock(db(), defaultBrand.timeZone, { id: older, from: "applicant" });
    const dueBefore = at(240);
    await db()
      .update(responseClock)
      .set({ arrivedAt: at(0), dueAt: dueBefore })
      .where(eq(responseClock.subjectId, older));
    await startStipReviewClock(db(), defaultBrand.timeZone, { id: newer, from: "dealer" });
    const newerClock = (await db().select().from(responseClock).where(eq(responseClock.subjectId, newer)))[0]!;
    expect(newerClock.dueAt).toEqual(
      businessHoursDueAt(newerClock.arrivedAt, stipReviewMinutes, defaultBrand.timeZone),
    );

    const { stips, page } = await queue();
    expect(page).toEqual({ next: null, previous: null, total: 2, totalCapped: false });
    expect(stips).toEqual([
      {
        id: older,
        name: "Bank statements (last 3 months)",
        satisfiedBy: "applicant",
        deal: { id: directDeal.id, accountNumber: directDeal.accountNumber, businessName: "Direct Bakery" },
        vendorName: null,
        receivedAt: at(0).toISOString(),
        dueAt: dueBefore.toISOString(),
        overdue: true,
      },
      {
        id: newer,
        name: "Voided business check",
        satisfiedBy: "applicant",
        deal: { id: vendorDeal.id, accountNumber: vendorDeal.accountNumber, businessName: "Queue Paving" },
        vendorName: "Queue Motors",
        receivedAt: at(30).toISOString(),
        dueAt: newerClock.dueAt.toISOString(),
        overdue: false,
      },
    ]);

    // Reviewed: off the queue (the partial index holds received stips only).
    await db().update(dealStip).set({ status: "accepted" }).where(eq(dealStip.id, older));
    expect((await queue()).stips.map((stip) => stip.id)).toEqual([newer]);
    await db().update(dealStip).set({ status: "accepted" }).where(eq(dealStip.id, newer));
    expect((await queue()).stips).toEqual([]);
  });

  it("pages by (received at, id) both ways, ties broken by id, with a total; a stip with no clock has no due time", async () => {
    const paged = await insertDeal("Paged Lumber", true);
    const count = LIST_PAGE_SIZE + 7;
    // Pairs received at the same instant: the id decides their order.
    await db()
      .insert(dealStip)
      .values(
        Array.from({ length: count }, (_, index) => ({
          dealId: paged.id,
          name: `Stip ${index}`,
          satisfiedBy: "dealer" as const,
          status: "received" as const,
          receivedAt: at(1000 + Math.floor(index / 2)),
        })),
      );
    const first = await queue();
    expect(first.stips).toHaveLength(LIST_PAGE_SIZE);
    expect(first.page).toMatchObject({ total: count, totalCapped: false, previous: null });
    expect(first.stips[0]).toMatchObject({ dueAt: null, overdue: false, vendorName: "Queue Motors" });
    const second = await queue(first.page.next!);
    expect(second.stips).toHaveLength(count - LIST_PAGE_SIZE);
    expect(second.page.next).toBeNull();
    const all = [...first.stips, ...second.stips];
    const order = (stip: (typeof all)[number]) => `${stip.receivedAt}|${stip.id}`;
    expect(all.map(order)).toEqual([...all.map(order)].sort());
    expect(new Set(all.map((stip) => stip.id)).size).toBe(count);
    const back = await queue(second.page.previous!);
    expect(back.stips.map((stip) => stip.id)).toEqual(first.stips.map((stip) => stip.id));

    expect((await get("/api/back-office/stips/to-review?cursor=n.not-a-page", staff)).statusCode).toBe(400);
  });

  it("is the credit team's: a vendor is refused, a visitor asked to sign in", async () => {
    expect((await get("/api/back-office/stips/to-review", vendorCookie)).statusCode).toBe(403);
    expect((await get("/api/back-office/stips/to-review", "")).statusCode).toBe(401);
  });
});
