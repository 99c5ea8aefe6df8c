import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { verifyKecSignature } from "./verify-signature-sample.ts";

// The TypeScript sample of the dealer guide is this module, word for word; it must verify what
// the server signs: HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret, hex, in
// `KEC-Signature: t=<unix seconds>,v1=<hex>`.

const secret = "whsec_test_0123456789abcdef";
const body = JSON.stringify({
  id: "7d1c2f7e-7b8e-4c8e-9d8e-2f4b6c1a9e01",
  type: "deal.created",
  created: 1_790_000_000,
  data: { id: "d1", accountNumber: "VP31234" },
});
const sign = (t: number, text: string, key = secret) =>
  `t=${t},v1=${createHmac("sha256", key).update(`${t}.${text}`).digest("hex")}`;
const now = 1_790_000_100_000;
const t = now / 1000 - 10;

describe("the guide's signature sample", () => {
  it("is printed in the guide as it is here", async () => {
    const guide = await readFile(new URL("./dealer-guide.md", import.meta.url), "utf8");
    const sample = await readFile(new URL("./verify-signature-sample.ts", import.meta.url), "utf8");
    expect(guide).toContain(sample.trim());
  });

  it("accepts a delivery signed as the server signs it", () => {
    expect(verifyKecSignature(sign(t, body), body, secret, 300, now)).toBe(true);
    expect(
      verifyKecSignature(
        `${sign(t, body, "old-secret").replace(/^t=\d+,/, `t=${t},`)},${sign(t, body).split(",")[1]}`,
        body,
        secret,
        300,
        now,
      ),
    ).toBe(true);
  });

  it("refuses another body, another secret, an old timestamp or a malformed header", () => {
    expect(verifyKecSignature(sign(t, body), `${body} `, secret, 300, now)).toBe(false);
    expect(verifyKecSignature(sign(t, body, "another"), body, secret, 300, now)).toBe(false);
    expect(verifyKecSignature(sign(t - 600, body), body, secret, 300, now)).toBe(false);
    expect(verifyKecSignature("v1=abc", body, secret, 300, now)).toBe(false);
    expect(verifyKecSignature(`t=${t},v1=zz`, body, secret, 300, now)).toBe(false);
    expect(verifyKecSignature("", body, secret, 300, now)).toBe(false);
  });
});
