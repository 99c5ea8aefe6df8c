import type { Page, Route } from "playwright-core";

/**
 * Holds the page's requests to `url` until `release()`, so a test can look at what the page shows
 * while an answer is on its way (a loading status, a layout that must not move). `release()` lets
 * every held request go on and waits until each has, before it takes the hold away: a hold removed
 * while one of its requests is still waiting lets Playwright answer that request itself, and the
 * hold's own `continue()` then fails outside the test.
 */
export async function holdRequests(page: Page, url: RegExp): Promise<{ release: () => Promise<void> }> {
  let open = () => {};
  const held = new Promise<void>((resolve) => (open = resolve));
  const going: Promise<void>[] = [];
  const hold = (route: Route) => {
    const goes = held.then(() => route.continue());
    going.push(goes);
    return goes;
  };
  await page.route(url, hold);
  return {
    async release() {
      open();
      await Promise.all(going);
      await page.unroute(url, hold);
    },
  };
}
