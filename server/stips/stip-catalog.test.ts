import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import {
  stipKindFormValues,
  stipKindInput,
  type StipKindInput,
  type StipKindRow,
} from "#domain/stips/catalog-contracts.ts";
import { defaultStips } from "#domain/stips/stip-rules.ts";
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
    ["admin@stip-catalog.example", authRoles.admin],
    ["staff@stip-catalog.example", authRoles.staff],
  ] as const)
    await createAccount(server.auth, { email, name: role, role, password: "catalog-password-1", emailVerified: true });
  admin = (await signIn(server.app, "admin@stip-catalog.example", "catalog-password-1")).cookie;
  staff = (await signIn(server.app, "staff@stip-catalog.example", "catalog-password-1")).cookie;
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

const listed = async (cookie: string) =>
  ((await send("GET", "/api/back-office/stip-kinds", cookie)).json() as { stipKinds: StipKindRow[] }).stipKinds;

const lienSearch: StipKindInput = {
  name: "UCC lien search",
  description: "A UCC search on the business in its state of organization.",
  satisfiedBy: "staff",
  pickedByDefault: true,
  programs: "lease, equipment-finance, lease",
  minAmount: "$100,000",
  active: true,
};

describe("the stips catalog", () => {
  it("lists the migration's defaults to staff, active first and by name", async () => {
    const kinds = await listed(staff);
    expect(kinds.length).toBeGreaterThanOrEqual(10);
    expect(kinds.map((kind) => kind.name)).toContain("Bank statements (last 3 months)");
    const insurance = kinds.find((kind) => kind.name === "Certificate of insurance")!;
    expect(insurance).toMatchObject({
      satisfiedBy: "applicant",
      pickedByDefault: true,
      programs: ["equipment-finance", "lease"],
      minAmountCents: 5_000_000,
      active: true,
    });
    const active = kinds.filter((kind) => kind.active).map((kind) => kind.name);
    expect(active).toEqual([...active].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("lets an admin add a stip: programs typed with commas, dollars typed, kept as a list and cents; audited; picked by its rule", async () => {
    const created = await send("POST", "/api/back-office/stip-kinds", admin, lienSearch);
    expect(created.statusCode).toBe(201);
    const kind = (created.json() as { stipKind: StipKindRow }).stipKind;
    expect(kind).toMatchObject({
      name: "UCC lien search",
      satisfiedBy: "staff",
      pickedByDefault: true,
      programs: ["equipment-finance", "lease"],
      minAmountCents: 10_000_000,
      active: true,
    });
    expect((await listed(staff)).map((row) => row.name)).toContain("UCC lien search");
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "stip-kind.created"), eq(auditLog.subject, kind.id)));
    expect(audit!.details).toMatchObject({ name: "UCC lien search", minAmountCents: 10_000_000 });
    // The form shows what was stored, and saving it unchanged stores the same.
    expect(stipKindInput.parse(stipKindFormValues(kind))).toEqual(stipKindInput.parse(lienSearch));
    // Its default rule: a lease from $100,000 on.
    const catalog = (await listed(staff)).filter((row) => row.id === kind.id);
    const picked = (program: "lease" | "working-capital", amountCents: number) =>
      defaultStips(catalog, { program, amountCents }).length;
    expect([picked("lease", 10_000_000), picked("lease", 9_999_999), picked("working-capital", 50_000_000)]).toEqual([
      1, 0, 0,
    ]);
  });

  it("changes a stip and sets it inactive, audited; a name taken but for case is refused with 409", async () => {
    const created = (
      await send("POST", "/api/back-office/stip-kinds", admin, { ...lienSearch, name: "Site inspection" })
    ).json().stipKind as StipKindRow;
    const changed = await send("PUT", `/api/back-office/stip-kinds/${created.id}`, admin, {
      ...lienSearch,
      name: "Site inspection",
      programs: "",
      minAmount: "",
      satisfiedBy: "dealer",
      active: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().stipKind).toMatchObject({
      programs: [],
      minAmountCents: null,
      satisfiedBy: "dealer",
      active: false,
    });
    expect((await listed(staff)).at(-1)!.name).toBe("Site inspection");
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "stip-kind.updated"), eq(auditLog.subject, created.id)));
    expect(audit!.details).toMatchObject({ active: false, satisfiedBy: "dealer" });

    const taken = await send("POST", "/api/back-office/stip-kinds", admin, {
      ...lienSearch,
      name: "voided business CHECK",
    });
    expect([taken.statusCode, taken.json().message]).toEqual([
      409,
      'A stip named "voided business CHECK" is already in the catalog. Choose another name or change that one.',
    ]);
    const renamed = await send("PUT", `/api/back-office/stip-kinds/${created.id}`, admin, {
      ...lienSearch,
      name: "Equipment Invoice",
    });
    expect(renamed.statusCode).toBe(409);
    // Its own name in another case is no clash.
    expect(
      (
        await send("PUT", `/api/back-office/stip-kinds/${created.id}`, admin, {
          ...lienSearch,
          name: "SITE inspection",
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await send("PUT", "/api/back-office/stip-kinds/00000000-0000-4000-8000-000000000000", admin, {
          ...lienSearch,
          name: "Nobody's",
        })
      ).statusCode,
    ).toBe(404);
  });

  it("refuses what does not make sense with the form's own words, and staff may only read", async () => {
    for (const [field, value, message] of [
      ["name", "  ", "Please name the stip."],
      ["programs", "farming", "Choose programs from the list."],
      ["minAmount", "lots", "Enter an amount in dollars, like 50,000, or leave it empty."],
      ["satisfiedBy", "vendor", "Choose who sends it."],
    ] as const) {
      const refused = await send("POST", "/api/back-office/stip-kinds", admin, {
        ...lienSearch,
        name: "Bad",
        [field]: value,
      });
      const body = refused.json() as { details: { path: string; message: string }[] };
      expect(refused.statusCode, field).toBe(400);
      expect(body.details, field).toContainEqual({ path: `/${field}`, message });
    }
    expect(
      (await send("POST", "/api/back-office/stip-kinds", staff, { ...lienSearch, name: "Staff's own" })).statusCode,
    ).toBe(403);
    const anyKind = (await listed(staff))[0]!;
    expect(
      (await send("PUT", `/api/back-office/stip-kinds/${anyKind.id}`, staff, { ...lienSearch, name: "Staff's own" }))
        .statusCode,
    ).toBe(403);
    expect((await send("GET", "/api/back-office/stip-kinds", "")).statusCode).toBe(401);
  });
});
