import { brandSchema, defaultBrand, type Brand } from "./brand.ts";

/** What the browser may know about the deployment. Nothing secret belongs here. */
export type PublicConfig = {
  brand: Brand;
  publicUrl: string;
};

const brandEnv: Record<string, keyof Brand> = {
  BRAND_NAME: "name",
  BRAND_LEGAL_NAME: "legalName",
  BRAND_PHONE: "phone",
  BRAND_EMAIL: "email",
  BRAND_CONTACT_PERSON: "contactPerson",
  BRAND_STREET_ADDRESS: "streetAddress",
  BRAND_CITY_STATE_ZIP: "cityStateZip",
  BRAND_SCHEDULER_URL: "schedulerUrl",
  BRAND_TIME_ZONE: "timeZone",
  BRAND_FEDERAL_REGULATOR: "federalRegulator",
};

export function resolveBrand(env: Record<string, string | undefined>): Brand {
  const overrides: Partial<Record<keyof Brand, string>> = {};
  for (const [variable, field] of Object.entries(brandEnv)) {
    const value = env[variable];
    if (value) overrides[field] = value;
  }
  const parsed = brandSchema.safeParse({ ...defaultBrand, ...overrides });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0]);
    const variable = Object.keys(brandEnv).find((key) => brandEnv[key] === field) ?? field;
    throw new Error(`Invalid ${variable}: ${issue?.message}`);
  }
  return parsed.data;
}

export function resolvePublicConfig(env: Record<string, string | undefined>): PublicConfig {
  const port = env.PORT ?? "3000";
  return {
    brand: resolveBrand(env),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
  };
}
