import type { Page } from "playwright-core";
import { cookieConsentStorageKey } from "../../../domain/site/timing.ts";

/** Signs in through /VendorLogin's main form, as a person would (cookie banner answered first). */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/VendorLogin`);
  await page.evaluate((key) => window.localStorage.setItem(key, "true"), cookieConsentStorageKey);
  const form = page.getByRole("form", { name: "Vendor sign-in" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "SUBMIT" }).click();
}
