import type { Page } from '@playwright/test';

/**
 * Waits until the app's service worker (apps/web/public/sw.js) is active, so that the next page
 * load is controlled by it from its first request. A worker installed by the first visit takes
 * control of the open pages when it activates (clients.claim): if that happens in the middle of a
 * load, the browser keeps the files asked before and after in two separate memory caches, and
 * the same photo is fetched twice, which a test counting requests would blame on the app.
 */
export async function waitForShellWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}
