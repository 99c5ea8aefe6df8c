/** How far back a new record is compared with earlier ones (issue 20). */
export const duplicateWindowDays = 90;

export type MatchKind = "tax-id" | "email" | "phone";

/** E-mail as compared: trimmed and lower-cased; "" when there is none. */
export function normaliseEmail(email: string | null | undefined): string {
  return (email ?? "").trim().toLowerCase();
}

/** A US phone as compared: its ten digits (a leading country code 1 dropped); "" when fewer than ten. */
export function normalisePhone(phone: string | null | undefined): string {
  const digits = (phone ?? "").replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  return digits.length === 10 ? digits : "";
}

/** A federal tax id (EIN) as compared: its nine digits; "" when it has not nine. */
export function normaliseTaxId(taxId: string | null | undefined): string {
  const digits = (taxId ?? "").replace(/\D/g, "");
  return digits.length === 9 ? digits : "";
}

/** The values a record is matched on, each "kind:normalised" (to be hashed with a key before storing). */
export function matchValues(record: { taxId?: string | null; email?: string | null; phone?: string | null }): { kind: MatchKind; value: string }[] {
  const values: { kind: MatchKind; value: string }[] = [];
  const taxId = normaliseTaxId(record.taxId);
  const email = normaliseEmail(record.email);
  const phone = normalisePhone(record.phone);
  if (taxId) values.push({ kind: "tax-id", value: `tax-id:${taxId}` });
  if (email) values.push({ kind: "email", value: `email:${email}` });
  if (phone) values.push({ kind: "phone", value: `phone:${phone}` });
  return values;
}

export const matchKindLabels: Record<MatchKind, string> = { "tax-id": "same tax ID", email: "same e-mail", phone: "same phone" };
