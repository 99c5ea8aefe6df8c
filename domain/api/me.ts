import * as z from "zod/mini";

export const meResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.string(),
    twoFactorEnabled: z.boolean(),
  }),
  staffTwoFactorRequired: z.boolean(),
});

export type Me = z.infer<typeof meResponse>;
