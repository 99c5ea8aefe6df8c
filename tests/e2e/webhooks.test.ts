import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySignatureHeader } from "../../server/webhooks/sign-payload.ts";
import { sampleNewDealFields } from "../../server/demo/sample-requests.ts";
import { samplePdf } from "../support/multipart.ts";
import { startWebhookReceiver } from "../support/webhook-receiver.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// docs/product-rules.md#r28-webhooks: a vendor registers a webhook endpoint in the portal, keeps its secret, sees
// the delivery of a deal's stage change to a real receiver, and redelivers it.

let server: E2eServer;
let vendorBrowser: Browser;
let staffBrowser: Browser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The receiver is on this machine: loopback targets are allowed for the test (never in production).
  server = await startE2eServer({ WEBHOOK_ALLOW_LOOPBACK: "true", WEBHOOK_POLL_MS: "500" });
  vendorBrowser = await launchBrowser();
  staffBrowser = await launchBrowser();
});
afterAll(async () => {
  await vendorBrowser?.close();
  await staffBrowser?.close();
  await server?.stop();
  await receiver?.stop();
});

describe("webhooks in the vendor portal", () => {
  it("adds an endpoint, shows its secret once, lists the signed delivery of a stage change and redelivers it", async () => {
    const vendor = await vendorBrowser.newPage();
    await signInThroughUi(vendor, server.url, "vendor@demo.example", demoPasswords.vendor);
    await vendor.waitForURL(`${server.url}/portal`);
    await vendor.getByRole("navigation", { name: "Vendor portal" }).getByRole("link", { name: "Webhooks" }).click();
    await vendor.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();
    await vendor.getByText("No endpoints yet.").waitFor();
    await expectNoAxeViolations(vendor);

    await vendor.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = vendor.getByRole("dialog", { name: "Add endpoint" });
    await dialog.getByLabel("Endpoint address").fill("http://10.0.0.7/hooks");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await dialog.getByText("This address is not reachable from the internet.", { exact: false }).waitFor();
    await dialog.getByLabel("Endpoint address").fill(receiver.url("/kec"));
    expect(await dialog.getByLabel(/A deal's stage changes/).isChecked()).toBe(true);
    await dialog.getByLabel("Description (optional)").fill("Our dealer system");
    await expectNoAxeViolations(vendor);
    await dialog.getByRole("button", { name: "Add endpoint" }).click();

    const shown = vendor.getByRole("dialog", { name: "Endpoint added" });
    const secret = await shown.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByText("This is the only time it is shown.", { exact: false }).waitFor();
    await expectNoAxeViolations(vendor);
    await shown.getByRole("button", { name: "Done" }).click();
    await vendor.getByRole("heading", { level: 2, name: receiver.url("/kec") }).waitFor();
    await vendor.getByText("No deliveries yet.").waitFor();
    expect(await vendor.content()).not.toContain(secret);

    // A deal, moved by the credit team.
    const created = await vendor.request.post(`${server.url}/api/portal/deals`, {
      headers: { origin: server.url },
      multipart: {
        deal: JSON.stringify(sampleNewDealFields({ businessName: "webhook welding" })),
        "client-info": { name: "application.pdf", mimeType: "application/pdf", buffer: samplePdf },
      },
    });
    expect(created.status()).toBe(201);
    const dealId = ((await created.json()) as { id: string }).id;
    const staff = await staffBrowser.newPage();
    await signInThroughUi(staff, server.url, "admin@demo.example", demoPasswords.admin);
    await staff.waitForURL(`${server.url}/back-office`);
    const arrival = receiver.next();
    const moved = await staff.request.patch(`${server.url}/api/back-office/deals/${dealId}`, {
      headers: { origin: server.url },
      data: { stage: 2 },
    });
    expect(moved.status()).toBe(200);
    const first = await arrival;
    expect(verifySignatureHeader(secret, String(first.headers["kec-signature"]), first.body)).toBe(true);
    const eventId = String(first.headers["kec-event-id"]);
    expect(JSON.parse(first.body)).toMatchObject({
      id: eventId,
      type: "deal.stage_changed",
      data: { id: dealId, stage: 2 },
    });

    const delivered = vendor.getByRole("row", { name: /deal\.stage_changed.*Delivered/ });
    // The receiver has the request a moment before the delivery is recorded.
    await expect
      .poll(async () => {
        await vendor.reload();
        await vendor.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();
        return delivered.count();
      })
      .toBe(1);
    const row = delivered.first();
    await row.getByText(eventId).waitFor();
    await expectNoAxeViolations(vendor);

    const again = receiver.next();
    await row.getByRole("button", { name: `Redeliver event ${eventId}` }).click();
    await vendor.getByText(`Event ${eventId} queued again.`).waitFor();
    const second = await again;
    expect(second.headers["kec-event-id"]).toBe(eventId);
    expect(verifySignatureHeader(secret, String(second.headers["kec-signature"]), second.body)).toBe(true);
    await expect
      .poll(async () => {
        await vendor.reload();
        await vendor.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();
        return delivered.count();
      })
      .toBe(2);

    // Disable, then delete after confirming.
    await vendor.getByRole("button", { name: "Disable" }).click();
    await vendor.getByText("Endpoint disabled.").waitFor();
    await vendor.getByRole("button", { name: "Delete" }).click();
    const confirm = vendor.getByRole("alertdialog", { name: "Delete this endpoint?" });
    await expectNoAxeViolations(vendor);
    await confirm.getByRole("button", { name: "Delete endpoint" }).click();
    await vendor.getByText("No endpoints yet.").waitFor();
  });
});
