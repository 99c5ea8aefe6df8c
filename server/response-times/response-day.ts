import { sql } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";

/**
 * The rollups count days in the business time zone. At start, a server whose zone differs from
 * the one they were counted in records its own and rebuilds them (one pass over the clocks, in the
 * same transaction; servers starting together wait on the row and find it done).
 */
export async function syncResponseDayZone(db: DbExecutor, timeZone: string) {
  await db.transaction(async (tx) => {
    const current = (await tx.execute(sql`select time_zone from response_day_zone for update`)) as unknown as {
      rows: { time_zone: string }[];
    };
    if (current.rows[0]?.time_zone === timeZone) return;
    await tx.execute(
      sql`insert into response_day_zone (singleton, time_zone) values (true, ${timeZone}) on conflict (singleton) do update set time_zone = excluded.time_zone`,
    );
    await tx.execute(sql`select rebuild_response_days()`);
  });
}
