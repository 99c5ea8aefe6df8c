import { sql, type SQL } from "drizzle-orm";
import { searchMatch } from "#domain/http/list-page.ts";

/**
 * `text` (an expression with a trigram index) holds what `q` looks for. The LIKE is what the index
 * answers; where it matches more than was typed (a `_` for each character between words), strpos()
 * keeps the rows to the text as typed, after the LIKE has ruled out most of them.
 */
export function matchesSearch(text: SQL, q: string): SQL {
  const { pattern, exact } = searchMatch(q);
  return exact === null
    ? sql`${text} like ${pattern}`
    : sql`(${text} like ${pattern} and strpos(${text}, ${exact}) > 0)`;
}
