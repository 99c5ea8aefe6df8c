import type { Page } from "playwright-core";

/**
 * Holds the page's requests to `url` until `release()`, so a test can look at what the page shows
 * while an answer is on its way (a loading status, a layout that must not move).
 */
export async function holdRequests(page: Page, url: RegExp): Promise<{ release: () => Promise<void> }> {
  let open = () => {};
  const held = new Promise<void>((resolve) => (open = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return {
    async release() {
      open();
      await page.unroute(url);
    },
  };
}
