import { eq, sql } from "drizzle-orm";
import { footerMessageFields, footerMessageTitle } from "#domain/leads/kinds/footer-message.ts";
import { fieldValues } from "#domain/leads/lead-fields.ts";
import { footerMessage } from "../tables.ts";
import { iso, type LeadKind } from "./lead-kind.ts";

/** A message from the site's footer: reached by e-mail only. */
export const footerMessageKind: LeadKind<"footer-message"> = {
  async load(db, id) {
    const [row] = await db.select().from(footerMessage).where(eq(footerMessage.id, id));
    if (!row) return null;
    return {
      detail: {
        type: "footer-message",
        id,
        createdAt: iso(row.createdAt),
        title: footerMessageTitle(row),
        fields: fieldValues(footerMessageFields, row, {}),
      },
      email: row.emailUser,
      phone: null,
      linked: [],
    };
  },
  byContact: { from: sql`footer_message t`, title: sql`t.name_user`, email: sql`t.email_user`, phone: null },
};
