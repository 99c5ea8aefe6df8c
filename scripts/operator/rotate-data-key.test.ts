import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleCreditApplication } from "../../server/demo/sample-requests.ts";
import { composeServer } from "../../server/compose-server.ts";
import { loadConfig } from "../../server/config.ts";
import { createFieldCipher } from "../../server/shared/crypto/field-cipher.ts";

const key = () => randomBytes(32).toString("base64");

/** `npm run rotate-data-key` with only the given environment; resolves with its exit code and output. */
async function rotateDataKey(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/operator/rotate-data-key.ts", "--batch-size", "1"],
      {
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          LOG_LEVEL: "silent",
          SEED_DEMO: "false",
          ...env,
        },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function storedTokens(dataDir: string, encryptionKey: string) {
  const { app, database } = await composeServer(
    loadConfig({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: encryptionKey, LOG_LEVEL: "silent" }),
    { onWarning: () => {} },
  );
  try {
    const { rows } = (await database.db.execute(sql`
      select fed_id_encrypted as token from credit_application union all select ssn_encrypted from credit_application_owner`)) as unknown as {
      rows: { token: string }[];
    };
    return rows.map((row) => row.token);
  } finally {
    await app.close();
    await database.close();
  }
}

describe("npm run rotate-data-key", () => {
  let dataDir: string;
  const oldKey = key();
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "rotate-"));
    const { app, database, cipher } = await composeServer(
      loadConfig({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: oldKey, LOG_LEVEL: "silent" }),
      { onWarning: () => {} },
    );
    const response = await app.inject({
      method: "POST",
      url: "/api/leads/credit-application",
      payload: sampleCreditApplication(),
    });
    expect(response.statusCode).toBe(201);
    // A dealer's payout account number (docs/product-rules.md#r59-payout-accounts) is rotated too.
    await database.db.execute(sql`
      with company as (insert into vendor_company (name, company_code) values ('Rotate Co', '515151') returning id),
      vendor as (insert into "user" (id, name, email, role) values ('u-rotate', 'V', 'v@rotate.example', 'vendor') returning id)
      insert into payout_account (vendor_company_id, holder_name, routing_number, account_number_encrypted, account_number_last4, account_type, created_by_user_id)
      select company.id, 'Rotate Co', '021000021', ${cipher.encrypt("000123456789")}, '6789', 'checking', vendor.id from company, vendor`);
    await app.close();
    await database.close();
  }, 120_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("re-encrypts the stored values to the new key, prints the counts, and is refused without the old key", async () => {
    const newKey = key();
    const withoutOldKey = await rotateDataKey({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: newKey });
    expect(withoutOldKey.code).toBe(1);
    expect(withoutOldKey.stdout).toMatch(/credit_application_owner\.ssn_encrypted\s+re-encrypted 0, unreadable 2/);
    expect(withoutOldKey.stderr).toContain("DATA_ENCRYPTION_OLD_KEYS");

    const rotated = await rotateDataKey({
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: newKey,
      DATA_ENCRYPTION_OLD_KEYS: oldKey,
    });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/credit_application\.fed_id_encrypted\s+re-encrypted 1, unreadable 0/);
    expect(rotated.stdout).toMatch(/credit_application_owner\.ssn_encrypted\s+re-encrypted 2, unreadable 0/);
    expect(rotated.stdout).toMatch(/payout_account\.account_number_encrypted\s+re-encrypted 1, unreadable 0/);

    const tokens = await storedTokens(dataDir, newKey);
    expect(tokens.map((token) => createFieldCipher(newKey).decrypt(token)).sort()).toEqual([
      "531-86-4207",
      "612-49-3378",
      "98-7654321",
    ]);
  }, 120_000);
});
