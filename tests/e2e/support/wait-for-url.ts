import type { Page } from "playwright-core";

/**
 * Waits for the page's address to match, and if it never does, fails with where the page is and
 * what its main region says: a navigation that did not happen (the list's "Next page" in CI, not
 * reproduced on a quiet machine) is then told apart from one that went elsewhere or errored.
 */
export async function waitForUrlOrSay(page: Page, url: RegExp): Promise<void> {
  try {
    await page.waitForURL(url);
  } catch (error) {
    const shown = await page
      .locator("main")
      .first()
      .innerText({ timeout: 1000 })
      .catch(() => "(no main region)");
    throw new Error(
      `${(error as Error).message.split("\n")[0]}; still at ${page.url()}, showing: ${shown.slice(0, 600)}`,
      { cause: error },
    );
  }
}
