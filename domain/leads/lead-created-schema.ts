import * as z from "zod/mini";

/** Every public submission answers with the stored record's id (the same id on a repeat). */
export const leadCreatedResponse = z.object({ id: z.string() });
