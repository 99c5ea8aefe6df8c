import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { partner } from "./tables.ts";

export async function findPartner(db: Database, slug: string) {
  const [row] = await db.select().from(partner).where(eq(partner.slug, slug));
  return row ?? null;
}
