/** How far back a new record is compared with earlier ones (docs/product-rules.md#r32-duplicates-within-90-days). */
export const duplicateWindowDays = 90;

/**
 * What two records can share, in the order staff read them: the business's tax id, e-mail and
 * phone, then an owner's (a credit application's owners): SSN, home phone and home e-mail.
 */
export const matchKinds = ["tax-id", "email", "phone", "owner-ssn", "owner-phone", "owner-email"] as const;
export type MatchKind = (typeof matchKinds)[number];

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

/** A Social Security number as compared: its nine digits; "" when it has not nine. */
export function normaliseSsn(ssn: string | null | undefined): string {
  const digits = (ssn ?? "").replace(/\D/g, "");
  return digits.length === 9 ? digits : "";
}

export type MatchOwner = { ssn?: string | null; phone?: string | null; email?: string | null };

/**
 * The values a record is matched on, each "kind:normalised" (to be hashed with a key before
 * storing), once each: two owners sharing a home phone give one value.
 */
export function matchValues(record: {
  taxId?: string | null;
  email?: string | null;
  phone?: string | null;
  owners?: readonly MatchOwner[];
}): { kind: MatchKind; value: string }[] {
  const candidates: [MatchKind, string][] = [
    ["tax-id", normaliseTaxId(record.taxId)],
    ["email", normaliseEmail(record.email)],
    ["phone", normalisePhone(record.phone)],
    ...(record.owners ?? []).flatMap((owner): [MatchKind, string][] => [
      ["owner-ssn", normaliseSsn(owner.ssn)],
      ["owner-phone", normalisePhone(owner.phone)],
      ["owner-email", normaliseEmail(owner.email)],
    ]),
  ];
  const values = new Map<string, MatchKind>();
  for (const [kind, normalised] of candidates) if (normalised) values.set(`${kind}:${normalised}`, kind);
  return [...values].map(([value, kind]) => ({ kind, value }));
}

export const matchKindLabels: Record<MatchKind, string> = {
  "tax-id": "same tax ID",
  email: "same e-mail",
  phone: "same phone",
  "owner-ssn": "same owner (SSN)",
  "owner-phone": "same owner (home phone)",
  "owner-email": "same owner (home e-mail)",
};
