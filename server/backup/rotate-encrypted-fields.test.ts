import { randomBytes, randomUUID } from "node:crypto";
import { getTableColumns, getTableName, isTable, sql, type Table } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { sampleCreditApplication } from "../demo/sample-requests.ts";
import { queryRows } from "../../tests/support/test-database.ts";
import { loopbackAddress, startTestServer, testOrigin, type TestServer } from "../../tests/support/test-server.ts";
import * as schema from "../db/schema.ts";
import { user } from "../auth/tables.ts";
import { deal, dealClient } from "../deals/tables.ts";
import { creditApplicationDraft } from "../leads/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { webhookEndpoint } from "../webhooks/tables.ts";
import { payoutAccount } from "../payout-accounts/tables.ts";
import { createFieldCipher } from "../shared/crypto/field-cipher.ts";
import { encryptedColumns, rotateEncryptedFields } from "./rotate-encrypted-fields.ts";

const newKey = () => randomBytes(32).toString("base64");
type Stored = { value: string };

/** Every encrypted value in the database, as "table.column" -> tokens. */
async function storedTokens(server: TestServer) {
  const tokens: Record<string, string[]> = {};
  for (const { table, column } of encryptedColumns) {
    const rows = await queryRows<Stored>(
      server.database.db,
      sql`select ${column} as value from ${table} where ${column} is not null`,
    );
    tokens[`${getTableName(table)}.${column.name}`] = rows.map((row) => row.value);
  }
  return tokens;
}

describe("rotating the data-encryption key", () => {
  const oldKey = newKey();
  const currentKey = newKey();
  let server: TestServer;
  beforeAll(async () => {
    // The server still runs with the old key: everything below is written with it.
    server = await startTestServer({ DATA_ENCRYPTION_KEY: oldKey });
  });
  afterAll(() => server?.close());

  it("covers every encrypted column of the schema", () => {
    const inSchema = (Object.values(schema) as unknown[])
      .filter((value): value is Table => isTable(value))
      .flatMap((table) =>
        Object.values(getTableColumns(table)).map((column) => `${getTableName(table)}.${column.name}`),
      )
      .filter((name) => name.endsWith("_encrypted"));
    expect(encryptedColumns.map(({ table, column }) => `${getTableName(table)}.${column.name}`).sort()).toEqual(
      inSchema.sort(),
    );
  });

  it("re-encrypts every stored value to the current key, in batches, and finds nothing to do the second time", async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await server.app.inject({
        method: "POST",
        url: "/api/leads/credit-application",
        payload: sampleCreditApplication({ FedId: `98-765432${i}`, ssn: `531-86-420${i}`, ssn2: `612-49-337${i}` }),
        remoteAddress: loopbackAddress(),
        headers: { origin: testOrigin },
      });
      expect(response.statusCode).toBe(201);
    }
    const [company] = await server.database.db
      .insert(vendorCompany)
      .values({ name: "Rotation Co", companyCode: "424242" })
      .returning();
    await server.database.db
      .insert(user)
      .values({ id: "u-rotation", name: "V", email: "v-rotation@x.example", role: authRoles.vendor });
    for (let i = 0; i < 3; i += 1) {
      const [row] = await server.database.db
        .insert(deal)
        .values({
          idempotencyKey: randomUUID(),
          vendorCompanyId: company!.id,
          submittedByUserId: "u-rotation",
          accountNumber: `VP3900${i}`,
          businessName: "B",
          ownersName: "O",
          businessPhone: "1",
          businessEmail: "",
          description: "",
          equipmentDescription: "",
          monthSubmitted: 0,
          yearInFile: 2026,
        })
        .returning();
      await server.database.db.insert(dealClient).values({
        dealId: row!.id,
        customerNumber: 39000 + i,
        firstName: "F",
        lastName: "L",
        nameOfBusiness: "B",
        emailContact: "c@x.example",
        phoneNumber: "1",
        referralSource: "r",
        businessTaxIdEncrypted: server.cipher.encrypt(`11-111111${i}`),
        dobEncrypted: i === 0 ? null : server.cipher.encrypt(`1980-02-0${i}`),
      });
    }
    // A saved credit-application draft (docs/product-rules.md#r6-save-and-finish-later): the whole draft is one
    // encrypted value.
    await server.database.db.insert(creditApplicationDraft).values({
      tokenHash: "rotation-draft",
      emailHash: "e",
      payloadEncrypted: server.cipher.encrypt('{"ssn":"531-86-4299"}'),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    // A webhook endpoint's signing secret (docs/product-rules.md#r28-webhooks): the server signs with it, so it is
    // encrypted, not hashed.
    await server.database.db.insert(webhookEndpoint).values({
      vendorCompanyId: company!.id,
      url: "https://hooks.example/rotation",
      events: ["deal.created"],
      secretEncrypted: server.cipher.encrypt("whsec_rotation"),
      createdByUserId: "u-rotation",
    });
    // A dealer's payout account number (docs/product-rules.md#r59-payout-accounts): the ACH file needs it, so it
    // is encrypted, not hashed.
    await server.database.db.insert(payoutAccount).values({
      vendorCompanyId: company!.id,
      holderName: "Rotation Co",
      routingNumber: "021000021",
      accountNumberEncrypted: server.cipher.encrypt("000123456789"),
      accountNumberLast4: "6789",
      accountType: "checking",
      createdByUserId: "u-rotation",
    });
    const before = await storedTokens(server);
    const plain = Object.fromEntries(
      Object.entries(before).map(([name, tokens]) => [
        name,
        tokens.map((token) => server.cipher.decrypt(token)).sort(),
      ]),
    );
    expect(plain).toEqual({
      "credit_application.fed_id_encrypted": ["98-7654320", "98-7654321", "98-7654322"],
      "credit_application_draft.payload_encrypted": ['{"ssn":"531-86-4299"}'],
      "credit_application_owner.ssn_encrypted": [
        "531-86-4200",
        "531-86-4201",
        "531-86-4202",
        "612-49-3370",
        "612-49-3371",
        "612-49-3372",
      ],
      "deal_client.business_tax_id_encrypted": ["11-1111110", "11-1111111", "11-1111112"],
      "deal_client.dob_encrypted": ["1980-02-01", "1980-02-02"],
      "webhook_endpoint.secret_encrypted": ["whsec_rotation"],
      "payout_account.account_number_encrypted": ["000123456789"],
    });

    const rotating = createFieldCipher(currentKey, [oldKey]);
    const batches: number[] = [];
    const counts = await rotateEncryptedFields(server.database.db, rotating, {
      batchSize: 2,
      onBatch: (done) => batches.push(done.reEncrypted),
    });
    expect(counts).toEqual([
      { column: "credit_application.fed_id_encrypted", reEncrypted: 3, unreadable: 0 },
      { column: "credit_application_owner.ssn_encrypted", reEncrypted: 6, unreadable: 0 },
      { column: "deal_client.business_tax_id_encrypted", reEncrypted: 3, unreadable: 0 },
      { column: "deal_client.dob_encrypted", reEncrypted: 2, unreadable: 0 },
      { column: "credit_application_draft.payload_encrypted", reEncrypted: 1, unreadable: 0 },
      { column: "webhook_endpoint.secret_encrypted", reEncrypted: 1, unreadable: 0 },
      { column: "payout_account.account_number_encrypted", reEncrypted: 1, unreadable: 0 },
    ]);
    expect(Math.max(...batches)).toBeLessThanOrEqual(2);

    // Only the new key is needed from now on.
    const newOnly = createFieldCipher(currentKey);
    const after = await storedTokens(server);
    for (const [name, tokens] of Object.entries(after)) {
      expect(
        tokens.every((token) => token.startsWith(`v1.${newOnly.keyId}.`)),
        name,
      ).toBe(true);
      expect(tokens.map((token) => newOnly.decrypt(token)).sort(), name).toEqual(plain[name]);
    }
    expect(() => createFieldCipher(oldKey).decrypt(after["deal_client.dob_encrypted"]![0]!)).toThrow("another key");

    const again = await rotateEncryptedFields(server.database.db, rotating);
    expect(again.map((count) => count.reEncrypted)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(await storedTokens(server)).toEqual(after);
    const audits = await queryRows<{ details: Record<string, unknown> }>(
      server.database.db,
      sql`select details from audit_log where action = 'data-key.rotate' order by at`,
    );
    expect(audits.map((audit) => audit.details)).toEqual([
      { keyId: rotating.keyId, reEncrypted: 17, unreadable: 0 },
      { keyId: rotating.keyId, reEncrypted: 0, unreadable: 0 },
    ]);
  });

  it("leaves a value of a key it does not have alone and counts it", async () => {
    const unknown = createFieldCipher(newKey());
    const [application] = await queryRows<{ id: string }>(
      server.database.db,
      sql`select id from credit_application limit 1`,
    );
    const token = unknown.encrypt("00-0000000");
    await server.database.db.execute(
      sql`update credit_application set fed_id_encrypted = ${token} where id = ${application!.id}`,
    );
    const counts = await rotateEncryptedFields(server.database.db, createFieldCipher(newKey(), [currentKey]));
    expect(counts[0]).toEqual({ column: "credit_application.fed_id_encrypted", reEncrypted: 2, unreadable: 1 });
    const [kept] = await queryRows<Stored>(
      server.database.db,
      sql`select fed_id_encrypted as value from credit_application where id = ${application!.id}`,
    );
    expect(kept!.value).toBe(token);
  });
});
