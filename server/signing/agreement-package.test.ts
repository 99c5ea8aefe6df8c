import { buffer } from "node:stream/consumers";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import type { DealSigning } from "#domain/signing/back-office-contracts.ts";
import type { DealerSigningPackage } from "#domain/signing/package-status.ts";
import type { VerifySealedFileResult } from "#domain/signing/verify-contracts.ts";
import { webhookEventSchemas } from "#domain/webhooks/event-payloads.ts";
import { approvedDeal, waiveEveryStip } from "../../tests/support/approval-fixtures.ts";
import { multipartBody } from "../../tests/support/multipart.ts";
import { opensslVerifyPdf } from "../../tests/support/openssl-pdf-signature.ts";
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
import { deal, dealDocument, dealHistory } from "../deals/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { webhookEndpoint, webhookEvent } from "../webhooks/tables.ts";
import { sweepSigningRequests } from "./sweep-signing-requests.ts";
import { signingDocument, signingLink, signingPackage, signingSealedFile, signingSigner } from "./tables.ts";

let server: TestServer;
let staff = "";
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "staff@signing.example",
    name: "Signing Staff",
    role: authRoles.admin,
    password: "signing-password-1",
    emailVerified: true,
  });
  staff = (await signIn(server.app, "staff@signing.example", "signing-password-1")).cookie;
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

const signingOf = async (dealId: string) =>
  (await send("GET", `/api/back-office/deals/${dealId}/signing`, staff)).json() as DealSigning;

const signers = [
  { name: "Maria Lopez", email: "maria@granitepeak.example", title: "Owner", signsForBusiness: true, guarantor: true },
  { name: "Sam Lopez", email: "sam@granitepeak.example", title: "", signsForBusiness: false, guarantor: true },
];

/** A deal approved, its stips waived, with the dealer listening to the documents' events. */
async function readyDeal(companyName: string) {
  const ready = await approvedDeal(server, staff, companyName);
  await waiveEveryStip(server, staff, ready.dealId);
  await db()
    .insert(webhookEndpoint)
    .values({
      vendorCompanyId: ready.vendor.company.id,
      url: "https://dealer.example/hooks",
      events: ["documents.sent", "documents.completed"],
      secretEncrypted: server.cipher.encrypt("whsec_x"),
      createdByUserId: ready.ownerUserId,
    });
  return ready;
}

async function generated(dealId: string, body: object = { signers, inOrder: false, lease: false }) {
  const made = await send("POST", `/api/back-office/deals/${dealId}/signing`, staff, body);
  expect(made.statusCode, made.body).toBe(201);
  return (made.json() as DealSigning).packages[0]!;
}

/** Every signer of a package signs every document of theirs (the ceremony's own suite walks the screens). */
async function signEverything(packageId: string) {
  const now = new Date();
  await db()
    .update(signingSigner)
    .set({
      codeVerifiedAt: now,
      consentedAt: now,
      firstViewedAt: now,
      signedAt: now,
      adoptedName: "Maria Lopez",
      adoptedInitials: "ML",
      adoptedKind: "typed",
      ipAddress: "203.0.113.7",
      userAgent: "Mozilla/5.0 (test)",
    })
    .where(eq(signingSigner.packageId, packageId));
  await db().update(signingDocument).set({ signedAt: now }).where(eq(signingDocument.packageId, packageId));
}

const verifyUpload = (content: Buffer) => {
  const body = multipartBody({}, [{ field: "file", name: "signed.pdf", content }]);
  return server.app.inject({
    method: "POST",
    url: "/api/back-office/signing/verify",
    payload: body.payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie: staff, origin: testOrigin, "content-type": body.contentType },
  });
};

describe("the agreement package", () => {
  it("is generated only from a live approval with every stip in, for valid signers, once at a time", async () => {
    const { dealId } = await approvedDeal(server, staff, "Sign Ridge Motors");
    expect((await signingOf(dealId)).generationProblem).toBe("Every stip must be accepted or waived before documents.");
    const early = await send("POST", `/api/back-office/deals/${dealId}/signing`, staff, {
      signers,
      inOrder: false,
      lease: false,
    });
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      "Every stip must be accepted or waived before documents.",
    ]);
    await waiveEveryStip(server, staff, dealId);
    const view = await signingOf(dealId);
    expect(view.generationProblem).toBeNull();
    expect(view.suggestedSigners).toHaveLength(1);

    const twoBusiness = await send("POST", `/api/back-office/deals/${dealId}/signing`, staff, {
      signers: signers.map((signer) => ({ ...signer, signsForBusiness: true })),
      inOrder: false,
      lease: false,
    });
    expect([twoBusiness.statusCode, twoBusiness.json().details]).toEqual([
      400,
      [{ path: "/signers", message: "Choose exactly one signer who signs for the business." }],
    ]);

    const dealerAddress = await send("POST", `/api/back-office/deals/${dealId}/signing`, staff, {
      signers: [{ ...signers[0], email: "staff@signing.example" }],
      inOrder: false,
      lease: false,
    });
    expect([dealerAddress.statusCode, dealerAddress.json().details]).toEqual([
      400,
      [
        {
          path: "/signers/0/email",
          message: "This is the address of a user of this site: use the signer's own e-mail.",
        },
      ],
    ]);

    const draft = await generated(dealId);
    expect(draft.status).toBe("draft");
    expect(draft.documents.map((document) => [document.kind, document.templateVersion])).toEqual([
      ["equipment-finance-agreement", 0],
      ["personal-guaranty", 0],
      ["personal-guaranty", 0],
      ["delivery-and-acceptance", 0],
      ["ach-debit-authorization", 0],
    ]);
    // Each guaranty is its own guarantor's; the rest the business's signer's.
    const [maria, sam] = draft.signers;
    expect(draft.documents.map((document) => document.signerId)).toEqual([
      maria!.id,
      maria!.id,
      sam!.id,
      maria!.id,
      maria!.id,
    ]);
    const preview = await send("GET", `/api/back-office/signing-documents/${draft.documents[0]!.id}`, staff);
    expect(preview.statusCode).toBe(200);
    const pages = preview.json().pages as { lines: { cells: string[] }[] }[];
    expect(pages.length).toBe(draft.documents[0]!.pageCount);
    expect(JSON.stringify(pages)).toContain("Sign Ridge Motors client".toUpperCase().slice(0, 4));
    const pdf = await send("GET", `/api/back-office/signing-documents/${draft.documents[0]!.id}/pdf`, staff);
    expect([pdf.statusCode, pdf.headers["content-type"], pdf.rawPayload.subarray(0, 5).toString()]).toEqual([
      200,
      "application/pdf",
      "%PDF-",
    ]);

    const second = await send("POST", `/api/back-office/deals/${dealId}/signing`, staff, {
      signers,
      inOrder: false,
      lease: false,
    });
    expect([second.statusCode, second.json().message]).toEqual([
      409,
      "This deal already has documents being prepared or out for signature.",
    ]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "signing.package-generated"), eq(auditLog.subject, dealId)));
    expect(audit).toBeDefined();
  });

  it("goes out for signature: Docs Out, every signer mailed a link whose token is hidden in the outbox, the dealer sees it and its event", async () => {
    const { dealId, cookie, vendor } = await readyDeal("Sign Valley Tractors");
    const draft = await generated(dealId);
    // The dealer never sees a draft.
    expect((await send("GET", `/api/portal/deals/${dealId}/signing`, cookie)).json()).toEqual({ package: null });

    const sent = await send("POST", `/api/back-office/signing-packages/${draft.id}/send`, staff);
    expect(sent.statusCode, sent.body).toBe(200);
    const out = (sent.json() as DealSigning).packages[0]!;
    expect(out.status).toBe("sent");
    expect(out.signers.map((signer) => signer.status)).toEqual(["sent", "sent"]);
    const [moved] = await db().select({ stage: deal.stage }).from(deal).where(eq(deal.id, dealId));
    expect(moved!.stage).toBe(3);
    const again = await send("POST", `/api/back-office/signing-packages/${draft.id}/send`, staff);
    expect(again.statusCode).toBe(409);

    for (const signer of signers) {
      const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, signer.email));
      expect(mail!.html).toContain("/sign#");
      expect(mail!.html).not.toMatch(/\/sign#[A-Za-z0-9_-]{43}/);
    }
    const dealer = (await send("GET", `/api/portal/deals/${dealId}/signing`, cookie)).json() as {
      package: DealerSigningPackage;
    };
    expect(dealer.package.signers.map((signer) => [signer.name, signer.status])).toEqual([
      ["Maria Lopez", "sent"],
      ["Sam Lopez", "sent"],
    ]);
    expect(JSON.stringify(dealer)).not.toContain("@granitepeak.example");
    const [event] = await db()
      .select()
      .from(webhookEvent)
      .where(and(eq(webhookEvent.vendorCompanyId, vendor.company.id), eq(webhookEvent.type, "documents.sent")));
    expect(webhookEventSchemas["documents.sent"].shape.data.parse(event!.payload).package.status).toBe("sent");

    // Another company's vendor does not reach the deal.
    const other = await createVendor(server.database, server.auth, "Sign Elsewhere Supply");
    const otherCookie = (await signIn(server.app, other.email, other.password)).cookie;
    expect((await send("GET", `/api/portal/deals/${dealId}/signing`, otherCookie)).statusCode).toBe(404);
  });

  it("is voided with a reason: the signers asked hear it was withdrawn, every link ends, and a new package can be made", async () => {
    const { dealId, cookie } = await readyDeal("Sign Harbor Cranes");
    const draft = await generated(dealId);
    await send("POST", `/api/back-office/signing-packages/${draft.id}/send`, staff);
    const empty = await send("POST", `/api/back-office/signing-packages/${draft.id}/void`, staff, { reason: " " });
    expect([empty.statusCode, empty.json().details]).toEqual([
      400,
      [{ path: "/reason", message: "Say why the documents are voided." }],
    ]);
    const voided = await send("POST", `/api/back-office/signing-packages/${draft.id}/void`, staff, {
      reason: "The payment changed.",
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const view = voided.json() as DealSigning;
    expect([view.packages[0]!.status, view.packages[0]!.endedReason, view.generationProblem]).toEqual([
      "voided",
      "The payment changed.",
      null,
    ]);
    const withdrawn = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, signers[0]!.email), like(mailOutbox.subject, "Documents withdrawn%")));
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]!.html).not.toContain("The payment changed.");
    // Nor does the dealer read staff's reason.
    const dealer = (await send("GET", `/api/portal/deals/${dealId}/signing`, cookie)).json() as {
      package: DealerSigningPackage;
    };
    expect([dealer.package.status, dealer.package.endedReason]).toEqual(["voided", ""]);
    const links = await db()
      .select({ expires: signingLink.linkExpiresAt })
      .from(signingLink)
      .innerJoin(signingSigner, eq(signingSigner.id, signingLink.signerId))
      .where(eq(signingSigner.packageId, draft.id));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link.expires.getTime() <= Date.now())).toBe(true);
    expect(
      (await send("POST", `/api/back-office/signing-packages/${draft.id}/void`, staff, { reason: "x" })).statusCode,
    ).toBe(409);
    const [history] = await db()
      .select()
      .from(dealHistory)
      .where(
        and(eq(dealHistory.dealId, dealId), eq(dealHistory.field, "documents"), like(dealHistory.toValue, "Voided%")),
      );
    expect(history!.toValue).toBe("Voided: The payment changed.");
  });

  it("mails a signer a new link at most 3 times an hour, never one who has answered", async () => {
    const { dealId } = await readyDeal("Sign Prairie Ag");
    const draft = await generated(dealId);
    await send("POST", `/api/back-office/signing-packages/${draft.id}/send`, staff);
    const sam = draft.signers[1]!;
    const url = `/api/back-office/signing-packages/${draft.id}/signers/${sam.id}/resend`;
    // The request mail was the first of the hour.
    expect((await send("POST", url, staff)).statusCode).toBe(200);
    expect((await send("POST", url, staff)).statusCode).toBe(200);
    const capped = await send("POST", url, staff);
    expect([capped.statusCode, capped.json().message]).toEqual([
      429,
      "Sam Lopez was sent several links in the last hour. Try again later.",
    ]);
    await db().update(signingSigner).set({ signedAt: new Date() }).where(eq(signingSigner.id, draft.signers[0]!.id));
    const answered = await send(
      "POST",
      `/api/back-office/signing-packages/${draft.id}/signers/${draft.signers[0]!.id}/resend`,
      staff,
    );
    expect([answered.statusCode, answered.json().message]).toEqual([409, "Maria Lopez has already answered."]);
  });

  it("is sealed when every signer has signed: each file verifies with openssl, any changed byte fails; Docs In, files attached and mailed, checked against the record", async () => {
    const { dealId, cookie, vendor } = await readyDeal("Sign Summit Lifts");
    const draft = await generated(dealId);
    await send("POST", `/api/back-office/signing-packages/${draft.id}/send`, staff);
    await signEverything(draft.id);
    await server.app.completeSigningPackage!(draft.id);
    // A second completion (two last signers at once) changes nothing.
    await server.app.completeSigningPackage!(draft.id);

    const view = await signingOf(dealId);
    const done = view.packages[0]!;
    expect(done.status).toBe("completed");
    expect(done.sealedFiles.map((file) => file.title)).toEqual([
      ...draft.documents.map((document) => `${document.title} (signed)`),
      "Certificate of completion",
    ]);
    const [moved] = await db().select({ stage: deal.stage }).from(deal).where(eq(deal.id, dealId));
    expect(moved!.stage).toBe(4);

    const sealed = await db().select().from(signingSealedFile).where(eq(signingSealedFile.packageId, draft.id));
    for (const file of sealed) {
      const bytes = await buffer(await server.app.storage.get(file.storageKey));
      expect(opensslVerifyPdf(bytes).ok, file.title).toBe(true);
      const changed = Buffer.from(bytes);
      const at = changed.indexOf("/Type /Page") + 2;
      changed[at] = changed[at]! ^ 0x01;
      expect(opensslVerifyPdf(changed).ok, `${file.title} changed`).toBe(false);
    }
    // Attached to the deal's documents.
    const attached = await db()
      .select()
      .from(dealDocument)
      .where(and(eq(dealDocument.dealId, dealId), eq(dealDocument.slot, "signed-documents")));
    expect(attached).toHaveLength(sealed.length);

    // The check: the file itself, one changed byte, a stranger's PDF.
    const agreement = sealed.find((file) => file.documentId === draft.documents[0]!.id)!;
    const bytes = await buffer(await server.app.storage.get(agreement.storageKey));
    const valid = (await verifyUpload(bytes)).json() as VerifySealedFileResult;
    expect([valid.outcome, valid.record?.dealId]).toEqual(["valid", dealId]);
    const tampered = Buffer.from(bytes);
    const at = tampered.indexOf("/Type /Page") + 2;
    tampered[at] = tampered[at]! ^ 0x01;
    const changed = (await verifyUpload(tampered)).json() as VerifySealedFileResult;
    expect([changed.outcome, changed.record?.dealId]).toEqual(["tampered", dealId]);
    const original = await buffer(
      await server.app.storage.get(
        (await db().select().from(signingDocument).where(eq(signingDocument.id, draft.documents[1]!.id)))[0]!
          .storageKey,
      ),
    );
    const stranger = (
      await verifyUpload(Buffer.concat([original.subarray(0, original.lastIndexOf("%%EOF")), Buffer.from("%%EOF\n")]))
    ).json() as VerifySealedFileResult;
    expect(stranger.outcome).not.toBe("valid");

    // Every signer gets their own documents and the certificate; the dealer every file.
    const [maria] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, signers[0]!.email), like(mailOutbox.subject, "Your signed documents%")));
    const [sam] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, signers[1]!.email), like(mailOutbox.subject, "Your signed documents%")));
    expect(maria!.attachments).toHaveLength(5);
    expect(sam!.attachments).toHaveLength(2);
    const [dealerMail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, vendor.email), like(mailOutbox.subject, "Documents signed:%")));
    expect(dealerMail!.attachments).toHaveLength(sealed.length);
    const dealer = (await send("GET", `/api/portal/deals/${dealId}/signing`, cookie)).json() as {
      package: DealerSigningPackage;
    };
    expect(dealer.package.status).toBe("completed");
    const [event] = await db()
      .select()
      .from(webhookEvent)
      .where(and(eq(webhookEvent.vendorCompanyId, vendor.company.id), eq(webhookEvent.type, "documents.completed")));
    expect(
      webhookEventSchemas["documents.completed"].shape.data.parse(event!.payload).package.completedAt,
    ).not.toBeNull();
  });

  it("is reminded 1 and 3 business days after each request, and expires unsigned at its time", async () => {
    const { dealId } = await readyDeal("Sign Canyon Haulers");
    const draft = await generated(dealId, { signers: [signers[0]], inOrder: false, lease: true });
    expect(draft.documents[0]!.kind).toBe("lease-agreement");
    await send("POST", `/api/back-office/signing-packages/${draft.id}/send`, staff);
    // Asked Monday 2026-11-16, 10:00 in the lender's time zone.
    const asked = new Date("2026-11-16T18:00:00Z");
    await db().update(signingSigner).set({ notifiedAt: asked }).where(eq(signingSigner.packageId, draft.id));
    await db()
      .update(signingPackage)
      .set({ expiresAt: new Date("2026-11-30T18:00:00Z") })
      .where(eq(signingPackage.id, draft.id));
    const context = {
      creditTeamEmail: "credit@signing.example",
      publicUrl: testOrigin,
      product: "Keystone",
      cipher: server.cipher,
      timeZone: "America/Los_Angeles",
    };
    const remindersOf = async () =>
      (
        await db()
          .select({ sent: signingSigner.remindersSent })
          .from(signingSigner)
          .where(eq(signingSigner.packageId, draft.id))
      )[0]!.sent;
    await sweepSigningRequests(db(), context, new Date("2026-11-17T17:00:00Z"));
    expect(await remindersOf()).toBe(0);
    await sweepSigningRequests(db(), context, new Date("2026-11-17T18:30:00Z"));
    expect(await remindersOf()).toBe(1);
    await sweepSigningRequests(db(), context, new Date("2026-11-17T19:30:00Z"));
    expect(await remindersOf()).toBe(1);
    await sweepSigningRequests(db(), context, new Date("2026-11-19T18:30:00Z"));
    expect(await remindersOf()).toBe(2);
    await sweepSigningRequests(db(), context, new Date("2026-11-25T18:30:00Z"));
    expect(await remindersOf()).toBe(2);
    const done = await sweepSigningRequests(db(), context, new Date("2026-11-30T18:00:01Z"));
    expect(done.expired).toBeGreaterThanOrEqual(1);
    expect((await signingOf(dealId)).packages[0]!.status).toBe("expired");
    const [told] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, "credit@signing.example"), like(mailOutbox.subject, "Documents expired unsigned%")));
    expect(told).toBeDefined();
  });
});
