import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { defaultAgreementTemplates } from "#domain/signing/default-templates.ts";
import { mergeFieldNames } from "#domain/signing/merge-fields.ts";
import { agreementDocumentKinds } from "#domain/signing/package-shapes.ts";
import type { AgreementTemplateRow, AgreementTemplateVersion } from "#domain/signing/template-contracts.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { createAccount } from "../accounts/create-account.ts";
import { auditLog } from "../audit/tables.ts";
import { currentTemplates } from "./current-templates.ts";
import { agreementTemplateVersion } from "./tables.ts";

// The agreement templates admins keep (docs/product-rules.md#r57-documents-and-e-signature): every save
// a new version, never changing one saved before; staff read them.

let server: TestServer;
let admin = "";
let otherAdmin = "";
let staff = "";
let vendor = "";

beforeAll(async () => {
  server = await startTestServer();
  for (const [email, role] of [
    ["admin@templates.example", authRoles.admin],
    ["second-admin@templates.example", authRoles.admin],
    ["staff@templates.example", authRoles.staff],
  ] as const)
    await createAccount(server.auth, {
      email,
      name: email.startsWith("admin") ? "Avery Admin" : email.startsWith("second") ? "Sam Second" : "Stacy Staff",
      role,
      password: "templates-password-1",
      emailVerified: true,
    });
  admin = (await signIn(server.app, "admin@templates.example", "templates-password-1")).cookie;
  otherAdmin = (await signIn(server.app, "second-admin@templates.example", "templates-password-1")).cookie;
  staff = (await signIn(server.app, "staff@templates.example", "templates-password-1")).cookie;
  const dealer = await createVendor(server.database, server.auth, "Template Motors");
  vendor = (await signIn(server.app, dealer.email, dealer.password)).cookie;
});
afterAll(() => server?.close());

const send = (method: "GET" | "POST", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin: testOrigin },
  });

const listed = async (cookie: string) =>
  (await send("GET", "/api/back-office/agreement-templates", cookie)).json() as {
    templates: AgreementTemplateRow[];
    mergeFields: { name: string; description: string }[];
  };

const versionsOf = async (kind: string, cookie = staff) =>
  (await send("GET", `/api/back-office/agreement-templates/${kind}/versions`, cookie)).json() as {
    versions: AgreementTemplateVersion[];
    savedVersions: number;
  };

const save = (kind: string, body: object, cookie = admin) =>
  send("POST", `/api/back-office/agreement-templates/${kind}`, cookie, body);

const ach = defaultAgreementTemplates["ach-debit-authorization"];

describe("agreement templates", () => {
  it("lists every kind with its built-in text (version 0) and the merge fields, to staff", async () => {
    const { templates, mergeFields } = await listed(staff);
    expect(templates.map((template) => template.kind)).toEqual([...agreementDocumentKinds]);
    expect(templates.find((template) => template.kind === "personal-guaranty")).toEqual({
      kind: "personal-guaranty",
      version: 0,
      ...defaultAgreementTemplates["personal-guaranty"],
      savedBy: null,
      savedAt: null,
      savedVersions: 0,
    });
    expect(mergeFields).toContainEqual({ name: "approval.amount", description: mergeFieldNames["approval.amount"] });
    expect(mergeFields).toHaveLength(Object.keys(mergeFieldNames).length);
    expect((await versionsOf("personal-guaranty")).versions.map((version) => version.version)).toEqual([0]);
  });

  it("lets an admin save version 1 then 2, audited; packages made later use the latest, and a saved version never changes", async () => {
    const first = await save("ach-debit-authorization", {
      title: "  ACH Debit Authorization (2027)  ",
      body: `${ach.body}\r\n\r\n## 6. Contact\r\n\r\nQuestions: {{lender.phone}}.`,
      basedOnVersion: 0,
    });
    expect(first.statusCode).toBe(201);
    expect((first.json() as { template: AgreementTemplateRow }).template).toMatchObject({
      kind: "ach-debit-authorization",
      version: 1,
      title: "ACH Debit Authorization (2027)",
      body: `${ach.body}\n\n## 6. Contact\n\nQuestions: {{lender.phone}}.`,
      savedBy: "Avery Admin",
      savedVersions: 1,
    });
    expect(
      (await currentTemplates(server.database.db, ["ach-debit-authorization"])).get("ach-debit-authorization"),
    ).toMatchObject({ version: 1, title: "ACH Debit Authorization (2027)" });

    const second = await save(
      "ach-debit-authorization",
      {
        title: "ACH Debit Authorization",
        body: "## Authorization\n\n{{business.name}} authorizes {{lender.name}}.",
        basedOnVersion: 1,
      },
      otherAdmin,
    );
    expect(second.statusCode).toBe(201);
    const current = await currentTemplates(server.database.db, ["ach-debit-authorization", "personal-guaranty"]);
    expect(current.get("ach-debit-authorization")).toMatchObject({
      version: 2,
      title: "ACH Debit Authorization",
      body: "## Authorization\n\n{{business.name}} authorizes {{lender.name}}.",
    });
    expect(current.get("personal-guaranty")!.version).toBe(0);

    const row = (await listed(staff)).templates.find((template) => template.kind === "ach-debit-authorization")!;
    expect(row).toMatchObject({ version: 2, savedBy: "Sam Second", savedVersions: 2 });
    expect(Date.parse(row.savedAt!)).toBeGreaterThan(Date.now() - 60_000);

    // Version 1 is kept as it was saved: what a package made from it copied.
    const { versions, savedVersions } = await versionsOf("ach-debit-authorization");
    expect(savedVersions).toBe(2);
    expect(versions.map((version) => [version.version, version.savedBy])).toEqual([
      [2, "Sam Second"],
      [1, "Avery Admin"],
      [0, null],
    ]);
    expect(versions[1]!.body).toBe(`${ach.body}\n\n## 6. Contact\n\nQuestions: {{lender.phone}}.`);
    expect(versions[2]).toMatchObject({ title: ach.title, body: ach.body });
    const stored = await server.database.db
      .select()
      .from(agreementTemplateVersion)
      .where(eq(agreementTemplateVersion.kind, "ach-debit-authorization"));
    expect(stored.map((saved) => saved.version).sort()).toEqual([1, 2]);

    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "signing.template-saved"), eq(auditLog.subject, "ach-debit-authorization")));
    expect(audits.map((audit) => audit.details)).toEqual(
      expect.arrayContaining([
        { kind: "ach-debit-authorization", version: 1 },
        { kind: "ach-debit-authorization", version: 2 },
      ]),
    );
  });

  it("refuses an unknown merge field by name, text too long, and a save equal to the current text, keeping the current version", async () => {
    const base = { title: "Delivery and Acceptance", body: "Received by {{signer.name}}.", basedOnVersion: 0 };
    for (const [field, value, message] of [
      [
        "body",
        "Signed by {{signer.nickname}} on {{date}}.",
        "Unknown merge field {{signer.nickname}}: use one of the fields listed.",
      ],
      ["body", "Signed on {{date}.", 'The merge field "{{date}." is not closed with "}}".'],
      [
        "title",
        "Certificate for {{deal.number}}",
        "Unknown merge field {{deal.number}}: use one of the fields listed.",
      ],
      ["title", "T".repeat(201), "Please use at most 200 characters."],
      ["body", "x".repeat(40_001), "Please use at most 40,000 characters."],
      ["body", " \n ", "Please write the document's text."],
    ] as const) {
      const refused = await save("delivery-and-acceptance", { ...base, [field]: value });
      expect(refused.statusCode, message).toBe(400);
      expect((refused.json() as { details: unknown[] }).details, message).toContainEqual({
        path: `/${field}`,
        message,
      });
    }
    // Bodies of the wrong types are refused, never a 5xx.
    for (const body of [
      {},
      { title: 1, body: [], basedOnVersion: "0" },
      { ...base, basedOnVersion: -1 },
      { ...base, basedOnVersion: 2 ** 40 },
    ])
      expect((await save("delivery-and-acceptance", body)).statusCode).toBe(400);
    expect((await save("warranty-deed", base)).statusCode).toBe(400);

    const builtIn = defaultAgreementTemplates["delivery-and-acceptance"];
    const same = await save("delivery-and-acceptance", { ...builtIn, title: ` ${builtIn.title}`, basedOnVersion: 0 });
    expect([same.statusCode, same.json().message]).toEqual([
      409,
      "Nothing changed: this is already the text of the built-in version. Change the title or the text to save a new version.",
    ]);
    expect((await save("delivery-and-acceptance", base)).statusCode).toBe(201);
    const again = await save("delivery-and-acceptance", { ...base, basedOnVersion: 1 });
    expect(again.json().message).toMatch(/^Nothing changed: this is already the text of version 1\./);
    // Saved from the built-in text after version 1 was saved: the admin must reload first.
    const stale = await save("delivery-and-acceptance", { ...base, body: "Other text.", basedOnVersion: 0 });
    expect([stale.statusCode, stale.json().message]).toEqual([409, "Someone saved this template just now: reload it."]);
    expect((await versionsOf("delivery-and-acceptance")).savedVersions).toBe(1);
  });

  it("takes one of two saves made at the same moment; the other is told to reload (409), never a 500", async () => {
    const [one, two] = await Promise.all([
      save("lease-agreement", { title: "Lease (admin one)", body: "Leased by {{business.name}}.", basedOnVersion: 0 }),
      save(
        "lease-agreement",
        { title: "Lease (admin two)", body: "Leased to {{business.name}}.", basedOnVersion: 0 },
        otherAdmin,
      ),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    const loser = one.statusCode === 409 ? one : two;
    expect(loser.json().message).toBe("Someone saved this template just now: reload it.");
    const { versions } = await versionsOf("lease-agreement");
    expect(versions.map((version) => version.version)).toEqual([1, 0]);
  });

  it("is read by staff and changed by admins only: staff 403, a vendor 403, a visitor 401", async () => {
    const body = { title: "Personal Guaranty", body: "Guaranteed by {{guarantor.name}}.", basedOnVersion: 0 };
    expect((await save("personal-guaranty", body, staff)).statusCode).toBe(403);
    expect((await save("personal-guaranty", body, vendor)).statusCode).toBe(403);
    expect((await save("personal-guaranty", body, "")).statusCode).toBe(401);
    for (const url of [
      "/api/back-office/agreement-templates",
      "/api/back-office/agreement-templates/personal-guaranty/versions",
    ]) {
      expect((await send("GET", url, vendor)).statusCode, url).toBe(403);
      expect((await send("GET", url, "")).statusCode, url).toBe(401);
      expect((await send("GET", url, staff)).statusCode, url).toBe(200);
    }
    expect((await versionsOf("personal-guaranty")).savedVersions).toBe(0);
  });
});
