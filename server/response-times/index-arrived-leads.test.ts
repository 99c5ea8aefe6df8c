import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { responseDueAt } from "#domain/response-times/response-promise.ts";
import { createAccount } from "../accounts/create-account.ts";
import { queryRows } from "../../tests/support/test-database.ts";
import { signIn, startTestServer, testOrigin, type TestServer } from "../../tests/support/test-server.ts";
import { indexAllArrivedLeads, indexArrivedLeads } from "./index-arrived-leads.ts";

let server: TestServer;
let staffCookie: string;
const db = () => server.database.db;
const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db(), query))[0]!.n;

beforeAll(async () => {
  // No poll during the file: a lead written below by SQL waits in the intake until a pass or a staff read.
  server = await startTestServer({ MAIL_POLL_MS: "3600000" });
  await createAccount(server.auth, {
    email: "intake@lender.example",
    name: "Ida Intake",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  staffCookie = (await signIn(server.app, "intake@lender.example", "staff-password-1")).cookie;
});
afterAll(() => server?.close());

/** What a visitor's statement leaves (store-lead.ts): the lead and its intake row, written here without waking the worker. */
async function arrive(message: string, arrivedAt: Date, rows = 1, name = "Ines Intake"): Promise<string[]> {
  const timeZone = server.config.public.brand.timeZone;
  const stored = await queryRows<{ id: string }>(
    db(),
    sql`with lead as (
          insert into footer_message (idempotency_key, name_of_business, name_user, email_user, message)
          select gen_random_uuid()::text, 'Quarry Co', ${name}, 'ines@example.com', ${message} from generate_series(1, ${rows})
          returning id),
        intake as (insert into lead_intake (lead_type, lead_id, source, arrived_at, due_minutes, time_zone)
          select 'footer-message', id, 'contact-form', ${arrivedAt}, 30, ${timeZone} from lead)
        select id from lead`,
  );
  return stored.map((row) => row.id);
}

describe("the lead intake", () => {
  it("one pass lists and clocks an arrived lead, at the due time of its arrival, and a second pass finds nothing", async () => {
    const arrivedAt = new Date("2026-03-06T22:40:00Z");
    const [id] = await arrive("Call me about a loader", arrivedAt);
    expect(await count(sql`select count(*)::int as n from lead_status where lead_id = ${id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from response_clock where subject_id = ${id}`)).toBe(0);

    expect(await indexArrivedLeads(db())).toBe(1);
    const [indexed] = await queryRows<{ title: string; search_text: string }>(
      db(),
      sql`select title, search_text from lead_status where lead_id = ${id}`,
    );
    expect(indexed).toEqual({
      title: "Ines Intake (Quarry Co): Call me about a loader",
      search_text: "ines intake quarry co ines@example.com ",
    });
    const [clock] = await queryRows<{ arrived_at: Date; due_at: Date; source: string }>(
      db(),
      sql`select arrived_at, due_at, source from response_clock where subject_id = ${id}`,
    );
    expect(clock!.source).toBe("contact-form");
    expect(new Date(clock!.arrived_at)).toEqual(arrivedAt);
    expect(new Date(clock!.due_at)).toEqual(responseDueAt(arrivedAt, 30, server.config.public.brand.timeZone));

    expect(await indexArrivedLeads(db())).toBe(0);
    expect(await count(sql`select count(*)::int as n from lead_status where lead_id = ${id}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from response_clock where subject_id = ${id}`)).toBe(1);
  });

  it("a staff read of the leads lists what arrived even before the worker's pass", async () => {
    const [id] = await arrive("Listed before any pass", new Date(), 1, "Lisbet Early");
    const response = await server.app.inject({
      method: "GET",
      url: "/api/back-office/leads?q=lisbet%20early",
      headers: { cookie: staffCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ leads: { id: string }[] }>().leads.map((lead) => lead.id)).toEqual([id]);
    expect(await count(sql`select count(*)::int as n from lead_intake`)).toBe(0);
  });

  it("the overview and the response-times board index what arrived before they count", async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const url of [
      "/api/back-office/summary",
      `/api/back-office/response-times?kind=lead&from=${today}&to=${today}`,
    ]) {
      const [id] = await arrive("Counted before any pass", new Date(), 1, "Cora Count");
      const response = await server.app.inject({ method: "GET", url, headers: { cookie: staffCookie } });
      expect(response.statusCode, url).toBe(200);
      expect(await count(sql`select count(*)::int as n from response_clock where subject_id = ${id}`), url).toBe(1);
    }
  });

  it("a staff read waits for a pass another server holds, then lists what it indexed", async () => {
    const ids = await arrive("Held by another pass", new Date(), 3, "Hal Held");
    let release!: () => void;
    let taken!: () => void;
    const wasTaken = new Promise<void>((resolve) => (taken = resolve));
    const other = db().transaction(async (tx) => {
      expect(await indexArrivedLeads(tx)).toBe(3);
      taken();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await wasTaken;
    const read = indexAllArrivedLeads(db()).then(() =>
      count(
        sql`select count(*)::int as n from lead_status where lead_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await other;
    expect(await read).toBe(3);
  });

  it("a burst larger than one pass is taken whole, each lead once, by passes running at the same time", async () => {
    const ids = await arrive("Burst", new Date(), 1203);
    const moved = await Promise.all([indexArrivedLeads(db()), indexArrivedLeads(db())]);
    expect(moved.every((n) => n <= 500)).toBe(true);
    await indexAllArrivedLeads(db());
    expect(await count(sql`select count(*)::int as n from lead_intake`)).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from lead_status where lead_id in (select id from footer_message where message = 'Burst')`,
      ),
    ).toBe(ids.length);
    expect(
      await count(
        sql`select count(*)::int as n from response_clock where subject_id in (select id from footer_message where message = 'Burst')`,
      ),
    ).toBe(ids.length);
  });

  // Last: its request wakes this server's intake worker, whose pass (a tenth of a second later) would
  // take the rows the tests above write by SQL and count on a pass of their own to find.
  it("a visitor's request stores the lead, its mail and its intake row; the index and the clock wait for a pass", async () => {
    const key = randomUUID();
    const response = await server.app.inject({
      method: "POST",
      url: "/api/leads/footer-message",
      payload: {
        nameOfBusiness: "",
        nameUser: "Uma",
        emailUser: "uma@example.com",
        subjectUser: "Hi",
        idempotencyKey: key,
      },
      headers: { origin: testOrigin },
    });
    expect(response.statusCode).toBe(201);
    const id = response.json<{ id: string }>().id;
    // The mail is in the lead's own statement; the index row and the clock follow within the worker's pass.
    expect(await count(sql`select count(*)::int as n from mail_outbox where text like '%Uma%'`)).toBe(1);
    await indexAllArrivedLeads(db());
    expect(await count(sql`select count(*)::int as n from lead_status where lead_id = ${id}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from response_clock where subject_id = ${id}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from lead_intake`)).toBe(0);
  });
});
