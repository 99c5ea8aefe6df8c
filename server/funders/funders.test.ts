import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { funderFormValues, funderInput, type FunderInput, type FunderRow } from "#domain/funders/contracts.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createAccount } from "../accounts/create-account.ts";
import { auditLog } from "../audit/tables.ts";

let server: TestServer;
let admin = "";
let staff = "";

beforeAll(async () => {
  server = await startTestServer();
  for (const [email, role] of [
    ["admin@funders.example", authRoles.admin],
    ["staff@funders.example", authRoles.staff],
  ] as const)
    await createAccount(server.auth, { email, name: role, role, password: "funder-password-1", emailVerified: true });
  admin = (await signIn(server.app, "admin@funders.example", "funder-password-1")).cookie;
  staff = (await signIn(server.app, "staff@funders.example", "funder-password-1")).cookie;
});
afterAll(() => server?.close());

const send = (method: "GET" | "POST" | "PUT", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin: testOrigin },
  });

const harbor: FunderInput = {
  name: "Harbor Capital",
  contactName: "Dana Credit",
  contactEmail: "dana@harbor-capital.example",
  contactPhone: "(555) 010-2000",
  programs: "lease, equipment-finance",
  minCreditScore: "650",
  minMonthsInBusiness: "24",
  minAmount: "10,000",
  maxAmount: "$500,000.50",
  industries: "construction, transportation",
  states: "tx, OK, tx",
  active: true,
};

describe("the funder network", () => {
  it("lets an admin add a funder: lists typed with commas, dollars typed, kept as lists and cents; audited", async () => {
    const created = await send("POST", "/api/back-office/funders", admin, harbor);
    expect(created.statusCode).toBe(201);
    const funder = (created.json() as { funder: FunderRow }).funder;
    expect(funder).toMatchObject({
      name: "Harbor Capital",
      programs: ["equipment-finance", "lease"],
      minCreditScore: 650,
      minMonthsInBusiness: 24,
      minAmountCents: 1_000_000,
      maxAmountCents: 50_000_050,
      industries: ["construction", "transportation"],
      states: ["OK", "TX"],
      active: true,
    });
    const listed = (await send("GET", "/api/back-office/funders", staff)).json() as { funders: FunderRow[] };
    expect(listed.funders.map((row) => row.name)).toContain("Harbor Capital");
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "funder.created"), eq(auditLog.subject, funder.id)));
    expect(audit!.details).toMatchObject({ name: "Harbor Capital", minAmountCents: 1_000_000 });
    // The form shows what was stored, and saving it unchanged stores the same.
    expect(funderInput.parse(funderFormValues(funder))).toEqual(funderInput.parse(harbor));
  });

  it("changes a funder and sets it inactive; a name taken but for case is refused", async () => {
    const created = (
      await send("POST", "/api/back-office/funders", admin, { ...harbor, name: "Granite Funding" })
    ).json().funder as FunderRow;
    const changed = await send("PUT", `/api/back-office/funders/${created.id}`, admin, {
      ...harbor,
      name: "Granite Funding",
      states: "",
      active: false,
    });
    expect(changed.json().funder).toMatchObject({ states: [], active: false });
    const listed = (await send("GET", "/api/back-office/funders", staff)).json() as { funders: FunderRow[] };
    expect(listed.funders.at(-1)!.name).toBe("Granite Funding");
    const taken = await send("POST", "/api/back-office/funders", admin, { ...harbor, name: "harbor capital" });
    expect([taken.statusCode, taken.json().message]).toEqual([
      409,
      'A funder named "harbor capital" is already in the network.',
    ]);
    expect(
      (await send("PUT", `/api/back-office/funders/${created.id}`, admin, { ...harbor, name: "HARBOR CAPITAL" }))
        .statusCode,
    ).toBe(409);
  });

  it("refuses what does not make sense with the form's own words, and staff may only read", async () => {
    for (const [field, value, message] of [
      ["states", "TX, Texas", "Use two-letter state codes separated by commas, like TX, OK."],
      ["maxAmount", "5,000", "The maximum is below the minimum."],
      ["minCreditScore", "1000", "Enter a credit score from 300 to 850, or leave it empty."],
      ["programs", "", "Choose at least one program."],
      ["industries", "farming", "Choose industries from the list."],
    ] as const) {
      const refused = await send("POST", "/api/back-office/funders", admin, { ...harbor, name: "Bad", [field]: value });
      const body = refused.json() as { details: { path: string; message: string }[] };
      expect(refused.statusCode, field).toBe(400);
      expect(body.details, field).toContainEqual({ path: `/${field}`, message });
    }
    expect((await send("POST", "/api/back-office/funders", staff, { ...harbor, name: "Staff's" })).statusCode).toBe(
      403,
    );
  });
});
