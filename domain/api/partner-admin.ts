import * as z from "zod/mini";
import { usPhone } from "../forms/fields.ts";

const color = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #0f766e."));

/** A co-branded partner calculator as staff edit it; the logo is uploaded separately. */
export const partnerInput = z.object({
  slug: z.string().check(z.regex(/^[A-Za-z0-9_-]{2,60}$/, "Letters, digits, - and _ only.")),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  primaryColor: color,
  accentColor: color,
  vendorName: z.string().check(z.trim(), z.minLength(1), z.maxLength(22)),
  salesPerson: z.string().check(z.trim(), z.regex(/^[A-Za-z][A-Za-z\s]*$/, "Letters and spaces only.")),
  vendorPhone: usPhone(),
});

export type PartnerInput = z.infer<typeof partnerInput>;
