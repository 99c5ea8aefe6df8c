import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { searchNeedle } from "#domain/http/list-page.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { openTestDatabase, queryRows } from "../../../tests/support/test-database.ts";
import { matchesSearch } from "./matches-search.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  // A table of its own, not a temporary one: the pool may run each statement on another connection.
  await database.db.execute(sql`create table searched (n int, body text)`);
});
afterAll(() => database?.close());

/** Few characters, so that texts and searches meet: letters, a digit, an accent, and what sits between words. */
const alphabet = ["a", "b", "é", "1", " ", "-", "_", "%", "\\", "@", "."];
const text = (minLength: number, maxLength: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength, maxLength }).map((characters) => characters.join(""));

it("finds exactly what the escaped LIKE of the text as typed found, whatever the characters between words", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(text(0, 12), { minLength: 1, maxLength: 60 }), text(3, 6), async (texts, q) => {
      await database.db.execute(sql`truncate searched`);
      await database.db.execute(
        sql`insert into searched (n, body) values ${sql.join(
          texts.map((body, n) => sql`(${n}, ${body})`),
          sql`, `,
        )}`,
      );
      const escaped = `%${searchNeedle(q).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      const before = await queryRows<{ n: number }>(
        database.db,
        sql`select n from searched where body like ${escaped} order by n`,
      );
      const now = await queryRows<{ n: number }>(
        database.db,
        sql`select n from searched where ${matchesSearch(sql`body`, q)} order by n`,
      );
      expect(now, JSON.stringify({ texts, q })).toEqual(before);
    }),
    { numRuns: 150 },
  );
});
