import type { Page, Route } from '@playwright/test';

/**
 * Holds every request to `url` (a Playwright route pattern) until the returned `release` is
 * called: what the page shows while it waits is then looked at without any timing involved.
 */
export async function holdRequests(page: Page, url: string) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}
