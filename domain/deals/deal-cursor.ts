import * as z from "zod/mini";

/** The keyset of a deal list page: `<last update, ISO>|<deal id>`, as the list answers it in `nextCursor`. */
export const dealCursor = z.string().check(
  z.regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    "Not a page of this list.",
  ),
  z.refine((cursor) => !Number.isNaN(Date.parse(cursor.split("|")[0]!)), "Not a page of this list."),
);
