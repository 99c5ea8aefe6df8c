import type { Page } from "playwright-core";
import { cookieConsentStorageKey } from "../../../domain/site/timing.ts";

/** Fills /VendorLogin's main form and submits it, as a person would (cookie banner answered first). */
export async function submitSignInForm(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/VendorLogin`);
  await page.evaluate((key) => window.localStorage.setItem(key, "true"), cookieConsentStorageKey);
  // Filled once React holds the form (forms-before-hydration.test.ts covers typing before it).
  await page.locator("header[data-hydrated]").waitFor();
  const form = page.getByRole("form", { name: "Vendor sign-in" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "SUBMIT" }).click();
  return form;
}

/**
 * Signs in through /VendorLogin and waits until the form is left: for the user's home, or for the
 * two-factor step. A refused sign-in fails here with what the form says, not later as a wait for a
 * page that never comes.
 */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string) {
  const form = await submitSignInForm(page, baseUrl, email, password);
  try {
    await page.waitForFunction(
      () =>
        window.location.pathname !== "/VendorLogin" ||
        document.querySelector('form[aria-label="Two-factor verification"]') !== null,
      undefined,
      { timeout: 30_000 },
    );
  } catch (cause) {
    const said = await form.innerText({ timeout: 1_000 }).catch(() => "");
    throw new Error(`Signing in as ${email} did not leave the sign-in form (${page.url()}): ${said}`, { cause });
  }
}
