import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { openTestDatabase, queryRows } from "../../tests/support/test-database.ts";
import { reindexAllLeads } from "./lead-index.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

it("writes a reindex's rows in the order the leads arrived, whatever order their tables hold them in", async () => {
  // Stored newest first, and of two kinds: the table order the list's newest-first walk must not follow.
  await database.db
    .execute(sql`insert into footer_message (idempotency_key, name_of_business, name_user, email_user, message, created_at)
    select 'order-' || g, '', 'Fay ' || g, 'fay@x.example', 'hello', timestamptz '2025-01-01 12:00:00+00' - g * interval '2 minutes' from generate_series(1, 40) g`);
  await database.db
    .execute(sql`insert into vendor_contact (idempotency_key, business_name, contact_name, email, phone_number, created_at)
    select 'order-' || g, 'Order Co', 'Vic ' || g, 'vic@x.example', '(555) 010-0100', timestamptz '2025-01-01 12:01:00+00' - g * interval '2 minutes' from generate_series(1, 40) g`);
  await database.db.execute(reindexAllLeads);
  const stored = await queryRows<{ created_at: string }>(
    database.db,
    sql`select created_at::text from lead_status order by ctid`,
  );
  expect(stored).toHaveLength(80);
  expect(stored.map((row) => row.created_at)).toEqual(stored.map((row) => row.created_at).sort());
});
