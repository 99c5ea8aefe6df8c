import * as z from "zod/mini";
import { calendarDay } from "../forms/date-range.ts";

/**
 * What every back-office list shares (docs/product-rules.md#r46-back-office-lists): a search of at least 3 characters
 * (partial and
 * case-insensitive, so a trigram index can serve it), a date range of business days, a sort
 * direction, keyset pages named by a cursor, and a total counted up to a cap.
 */
export const LIST_PAGE_SIZE = 50;

/** Totals are counted exactly up to here; beyond, the list says "1,000+" (20 pages: past that, a search or filter serves better than a count). */
export const LIST_COUNT_CAP = 1_000;

export const SEARCH_MIN_LENGTH = 3;

/** A search's text: 3 to 100 characters once trimmed. */
export const searchText = z
  .string()
  .check(
    z.trim(),
    z.minLength(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters.`),
    z.maxLength(100, "Please use at most 100 characters."),
  );

export const listSearch = z.optional(searchText);

export const sortDirections = ["asc", "desc"] as const;
export type SortDirection = (typeof sortDirections)[number];

/**
 * A page's place in its list: which way to read (`n` the page after, `p` the page before), the
 * row to read from (its id) and that row's sort value, as `<n|p>.<id>.<value>`. The server reads
 * it with the list's sort; a value that does not fit the sort is a 400.
 */
export const listCursor = z
  .string()
  .check(z.regex(/^[np]\.[0-9a-f-]{36}\.[\s\S]{0,400}$/i, "Not a page of this list."));

export type ListCursor = { direction: "next" | "previous"; id: string; value: string };

export function formatListCursor(cursor: ListCursor): string {
  return `${cursor.direction === "next" ? "n" : "p"}.${cursor.id}.${cursor.value}`;
}

export function parseListCursor(text: string): ListCursor {
  return { direction: text.startsWith("p") ? "previous" : "next", id: text.slice(2, 38), value: text.slice(39) };
}

/** The fields every list query has: search, date range, direction and cursor. */
export const listQueryFields = {
  q: listSearch,
  from: z.optional(calendarDay()),
  to: z.optional(calendarDay()),
  dir: z.optional(z.enum(sortDirections)),
  cursor: z.optional(listCursor),
};

/** A query's date range reads the right way round. */
export const fromBeforeTo = z.refine<{ from?: string | undefined; to?: string | undefined }>(
  (query) => !query.from || !query.to || query.from <= query.to,
  {
    error: "The end date must not be before the start date.",
    path: ["to"],
  },
);

/** The links to the pages either side, and how many rows match (exact below the cap). */
export const listPage = z.object({
  next: z.nullable(z.string()),
  previous: z.nullable(z.string()),
  total: z.number(),
  /** More rows match than `total` (the cap): shown as "10,000+". */
  totalCapped: z.boolean(),
});

export type ListPage = z.infer<typeof listPage>;

/**
 * What a search looks for: a phone number (only digits and phone punctuation, 3 digits or more)
 * by its digits, anything else lower-cased, every character as typed (`%` and `_` included). The
 * stored search text holds the phone's digits and the lower-cased words.
 */
export function searchNeedle(q: string): string {
  const text = q.trim();
  const digits = text.replace(/\D/g, "");
  return /^[\d\s().+-]+$/.test(text) && digits.length >= SEARCH_MIN_LENGTH ? digits : text.toLowerCase();
}

/**
 * A search as a trigram index answers it fast: the text holds `needle` wherever it is. `pattern`
 * (LIKE) is the needle with a `_` for each character that is not a letter or digit: pg_trgm then
 * reads only the trigrams inside words, not a word's edges ("  b", " ba", "ry "), which most rows
 * hold (docs/quality.md, searches). Where that widened the needle, `exact` (matched with strpos)
 * keeps the search to what was typed.
 */
export function searchMatch(q: string): { pattern: string; exact: string | null } {
  const needle = searchNeedle(q);
  const pattern = `%${needle.replace(/[^\p{L}\p{N}]/gu, "_")}%`;
  return { pattern, exact: /^[\p{L}\p{N}]*$/u.test(needle) ? null : needle };
}

/** "1,234" or "1,000+". */
export function formatTotal(page: Pick<ListPage, "total" | "totalCapped">): string {
  return `${page.total.toLocaleString("en-US")}${page.totalCapped ? "+" : ""}`;
}
