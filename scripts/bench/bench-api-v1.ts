// Create-deal throughput through the portal (session cookie) and through /api/v1 (API key),
// measured the same way in the same run (docs/product-rules.md#r27-the-dealer-api): sequential creates, then 10 at a
// time, each
// phase for up to `seconds` or `limit` deals, each deal with one small PDF as its client form.
import { randomUUID } from "node:crypto";

const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const client = {
  businessName: "BENCH DEAL",
  ownersName: "OWNER",
  businessPhone: "(555) 010-0000",
  businessEmail: "",
  equipDesc: "Loader",
  costOfEq: "85,000.00",
  downPayment: "",
  businessTaxId: "",
  dobContact: "",
  VendorComment: "",
};

function dealForm(withPortalKey: boolean): FormData {
  const form = new FormData();
  form.set("deal", JSON.stringify(withPortalKey ? { ...client, idempotencyKey: randomUUID() } : client));
  form.set("client-info", new Blob([pdf], { type: "application/pdf" }), "application.pdf");
  return form;
}

type Create = () => Promise<number>;

/** Deals per second: `concurrency` creates in flight until the time or the count is used up. */
async function throughput(create: Create, concurrency: number, seconds: number, limit: number) {
  const deadline = Date.now() + seconds * 1000;
  let started = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < limit && Date.now() < deadline) {
        started += 1;
        if ((await create()) !== 201) failed += 1;
      }
    }),
  );
  return { perSecond: started / ((performance.now() - t0) / 1000), count: started, failed };
}

export async function createDealThroughput(
  url: string,
  cookie: string,
  seconds: number,
  report: (line: string) => void,
  limit = 300,
) {
  const made = await fetch(`${url}/api/portal/api-keys`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": "application/json" },
    body: JSON.stringify({ name: "Bench" }),
  });
  const { secret } = (await made.json()) as { secret: string };
  const portal: Create = async () =>
    (await fetch(`${url}/api/portal/deals`, { method: "POST", headers: { cookie, origin: url }, body: dealForm(true) }))
      .status;
  const v1: Create = async () =>
    (
      await fetch(`${url}/api/v1/deals`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "idempotency-key": randomUUID() },
        body: dealForm(false),
      })
    ).status;
  await throughput(v1, 1, 1, 20); // warm-up
  for (const concurrency of [1, 10]) {
    const ours = await throughput(portal, concurrency, seconds, limit);
    const api = await throughput(v1, concurrency, seconds, limit);
    report(
      `  create-deal throughput (${concurrency === 1 ? "sequential" : `${concurrency} at a time`}): portal ${ours.perSecond.toFixed(1)} deals/s (${ours.count}, failed ${ours.failed}) vs v1 ${api.perSecond.toFixed(1)} deals/s (${api.count}, failed ${api.failed}) -> ratio ${(api.perSecond / ours.perSecond).toFixed(2)}`,
    );
  }
}
