import * as z from "zod/mini";

export const healthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["ok", "down"]),
  driver: z.enum(["pglite", "postgres"]),
});
