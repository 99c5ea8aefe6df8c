import { sql, type SQL } from "drizzle-orm";
import {
  formatListCursor,
  LIST_COUNT_CAP,
  LIST_PAGE_SIZE,
  parseListCursor,
  type ListPage,
  type SortDirection,
} from "#domain/http/list-page.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../errors.ts";

/**
 * A list's sort: a not-null column and the row's unique id as the tie-break, both in one btree
 * index so a page is an index range scan wherever it starts (docs/product-rules.md#r46-back-office-lists).
 */
export type Keyset = { column: SQL; id: SQL; type: "timestamptz" | "text"; direction: SortDirection };

type Row = { sort_key: string; page_id: string };

/** A timestamp as PostgreSQL writes one (`2024-03-01 12:00:00.123456+00`), the only kind a cursor holds. */
const timestampText = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2}){0,2}|Z)$/;

/** A cursor's value the database refused (a day that does not exist): not a page of this list. */
const isBadValue = (error: unknown): boolean => {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code !== undefined && ["22007", "22008", "22P02"].includes(code);
};

const notAPage = () =>
  new AppError("VALIDATION_FAILED", "Not a page of this list.", [
    { path: "cursor", message: "Not a page of this list." },
  ]);

/**
 * A list whose search matches in several ways, each with its own index (a deal's own text, or its
 * vendor company): one condition of `anyOf` must hold besides every one of `where`.
 */
type AnyOf = { alias: string; anyOf?: SQL[] };

/**
 * The rows of `from` that pass `where` and one of `anyOf`, in `order`, at most `limit`: one branch
 * per condition, each read in the list's order from its own index and leaving out the rows of the
 * branches before it, then put together. One walk testing the OR on every row read 40,000 deals to
 * find a vendor company's first 1,001 (docs/quality.md, searches).
 */
function eachOf(from: SQL, where: SQL[], { alias, anyOf = [] }: AnyOf, order: SQL | null, limit: number): SQL {
  const orderBy = order ? sql`order by ${order}` : sql``;
  const branches = anyOf.map((condition, index) => {
    const conditions = [...where, condition, ...anyOf.slice(0, index).map((earlier) => sql`(${earlier}) is not true`)];
    return sql`(select * from ${from} where ${sql.join(conditions, sql` and `)} ${orderBy} limit ${limit})`;
  });
  const name = sql.raw(`"${alias}"`);
  return sql`(select * from (${sql.join(branches, sql` union all `)}) ${name} ${orderBy} limit ${limit}) ${name}`;
}

/**
 * One page of `from` (`<tables> where <filters>`, with no order or limit) in the keyset's order,
 * starting after (or, reading back, before) the cursor's row, with the cursors of the pages either
 * side. `select` is the list's columns; `sort_key` (the sort value as text, so a timestamp keeps
 * its microseconds) and `page_id` are added.
 */
export async function keysetPage<T extends Record<string, unknown>>(
  db: Database,
  query: { select: SQL; from: SQL; where: SQL[]; keyset: Keyset; cursor?: string } & Partial<AnyOf>,
): Promise<{ rows: T[]; next: string | null; previous: string | null }> {
  const { keyset } = query;
  const cursor = query.cursor ? parseListCursor(query.cursor) : undefined;
  if (cursor && keyset.type === "timestamptz" && !timestampText.test(cursor.value)) throw notAPage();
  if (cursor && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(cursor.id)) throw notAPage();
  const backwards = cursor?.direction === "previous";
  // Reading back is reading the other way, then turning the page round.
  const descending = (keyset.direction === "desc") !== backwards;
  const conditions = [...query.where];
  if (cursor) {
    const value = sql`${cursor.value}::${sql.raw(keyset.type)}`;
    conditions.push(
      descending
        ? sql`(${keyset.column}, ${keyset.id}) < (${value}, ${cursor.id}::uuid)`
        : sql`(${keyset.column}, ${keyset.id}) > (${value}, ${cursor.id}::uuid)`,
    );
  }
  const order = descending
    ? sql`${keyset.column} desc, ${keyset.id} desc`
    : sql`${keyset.column} asc, ${keyset.id} asc`;
  const source =
    query.alias && query.anyOf?.length
      ? eachOf(query.from, conditions, { alias: query.alias, anyOf: query.anyOf }, order, LIST_PAGE_SIZE + 1)
      : sql`${query.from} ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}`;
  const result = (await db
    .execute(
      sql`select ${query.select}, ${keyset.column}::text as sort_key, ${keyset.id}::text as page_id from ${source} order by ${order} limit ${LIST_PAGE_SIZE + 1}`,
    )
    .catch((error: unknown) => {
      throw cursor && isBadValue(error) ? notAPage() : error;
    })) as unknown as { rows: (T & Row)[] };
  const more = result.rows.length > LIST_PAGE_SIZE;
  const rows = result.rows.slice(0, LIST_PAGE_SIZE);
  if (backwards) rows.reverse();
  const first = rows[0];
  const last = rows.at(-1);
  const at = (row: Row, direction: "next" | "previous") =>
    formatListCursor({ direction, id: row.page_id, value: row.sort_key });
  const hasNext = backwards ? true : more;
  const hasPrevious = backwards ? more : cursor !== undefined;
  return {
    rows,
    next: hasNext && last ? at(last, "next") : null,
    previous: hasPrevious && first ? at(first, "previous") : null,
  };
}

/**
 * How many rows `from` + `where` holds, counted up to the cap: at most cap + 1 entries of the
 * list's own index, read in the list's order (so the planner walks that index rather than the table).
 */
export async function cappedCount(
  db: Database,
  from: SQL,
  where: SQL[],
  keyset?: Keyset,
  anyOf?: AnyOf,
): Promise<Pick<ListPage, "total" | "totalCapped">> {
  const condition = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const keysetOrder = keyset
    ? sql`${keyset.column} ${sql.raw(keyset.direction)}, ${keyset.id} ${sql.raw(keyset.direction)}`
    : null;
  const rows = anyOf?.anyOf?.length
    ? sql`select 1 from ${eachOf(from, where, anyOf, keysetOrder, LIST_COUNT_CAP + 1)}`
    : sql`select 1 from ${from} ${condition} ${keysetOrder ? sql`order by ${keysetOrder}` : sql``} limit ${LIST_COUNT_CAP + 1}`;
  const result = (await db.execute(sql`select count(*)::int as n from (${rows}) capped`)) as unknown as {
    rows: { n: number }[];
  };
  const n = Number(result.rows[0]?.n ?? 0);
  return { total: Math.min(n, LIST_COUNT_CAP), totalCapped: n > LIST_COUNT_CAP };
}

/**
 * The first page and its capped total in one statement: the list's first cap + 1 rows in its order
 * (what `cappedCount` reads), counted, and the page taken from them; the select's columns are computed
 * for the page's rows only. A search's index is read once instead of twice (page, then total).
 * `from` is one table, named `alias` in `select` and the keyset.
 */
async function firstPageWithTotal<T extends Record<string, unknown>>(
  db: Database,
  query: { select: SQL; from: SQL; where: SQL[]; keyset: Keyset } & AnyOf,
): Promise<{ rows: T[]; page: ListPage }> {
  const { keyset } = query;
  const direction = sql.raw(keyset.direction);
  const order = sql`${keyset.column} ${direction}, ${keyset.id} ${direction}`;
  const where = query.where.length ? sql`where ${sql.join(query.where, sql` and `)}` : sql``;
  const alias = sql.raw(`"${query.alias}"`);
  const firstRows = query.anyOf?.length
    ? eachOf(query.from, query.where, query, order, LIST_COUNT_CAP + 1)
    : sql`(select * from ${query.from} ${where} order by ${order} limit ${LIST_COUNT_CAP + 1}) ${alias}`;
  const result = (await db.execute(
    sql`select ${query.select}, ${keyset.column}::text as sort_key, ${keyset.id}::text as page_id, count(*) over ()::int as capped_total
      from ${firstRows}
      order by ${order} limit ${LIST_PAGE_SIZE + 1}`,
  )) as unknown as { rows: (T & Row & { capped_total: number })[] };
  const n = result.rows[0]?.capped_total ?? 0;
  const rows = result.rows.slice(0, LIST_PAGE_SIZE);
  const last = rows.at(-1);
  return {
    rows,
    page: {
      next:
        result.rows.length > LIST_PAGE_SIZE && last
          ? formatListCursor({ direction: "next", id: last.page_id, value: last.sort_key })
          : null,
      previous: null,
      total: Math.min(n, LIST_COUNT_CAP),
      totalCapped: n > LIST_COUNT_CAP,
    },
  };
}

/**
 * A page and its total. A filtered first page (a search, above all) in one statement
 * (`firstPageWithTotal`); otherwise the page, then its capped total unless the first page is the
 * whole list. Unfiltered, the total's cap + 1 entries are read from the sort's index alone (an
 * index-only scan), cheaper than the one statement, which fetches the rows.
 */
export async function listWithTotal<T extends Record<string, unknown>>(
  db: Database,
  query: Parameters<typeof keysetPage>[1] & AnyOf,
): Promise<{ rows: T[]; page: ListPage }> {
  if (!query.cursor && (query.where.length || query.anyOf?.length)) return firstPageWithTotal<T>(db, query);
  const page = await keysetPage<T>(db, query);
  const whole = !query.cursor && page.next === null;
  const total = whole
    ? { total: page.rows.length, totalCapped: false }
    : await cappedCount(db, query.from, query.where, query.keyset, query);
  return { rows: page.rows, page: { next: page.next, previous: page.previous, ...total } };
}
