import { eq, sql } from "drizzle-orm";
import { footerMessageTitle } from "#domain/leads/kinds/footer-message.ts";
import { footerMessage } from "../tables.ts";
import { iso, type KindLoader } from "./kind-loader.ts";

/** A message from the site's footer: reached by e-mail only. */
export const footerMessageLoader: KindLoader<"footer-message"> = {
  async load(db, id) {
    const [row] = await db.select().from(footerMessage).where(eq(footerMessage.id, id));
    if (!row) return null;
    return {
      detail: {
        type: "footer-message",
        id,
        createdAt: iso(row.createdAt),
        title: footerMessageTitle(row),
        fields: { nameOfBusiness: row.nameOfBusiness, nameUser: row.nameUser, emailUser: row.emailUser, message: row.message },
      },
      email: row.emailUser,
      phone: null,
      linked: [],
    };
  },
  byContact: { from: sql`footer_message t`, title: sql`t.name_user`, email: sql`t.email_user`, phone: null },
};
