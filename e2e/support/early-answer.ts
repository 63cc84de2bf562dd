import { expect, type Locator, type Page, type Request } from '@playwright/test';

/**
 * For the early screens' specs (issue 17): opens `address` in a new document and counts what its
 * first screen asked once `photo` (the screen's largest photo) is drawn: its own request
 * (`isScreenRequest`), and the files of that photo. The app must take the answer and the photo
 * that index.html's script asked rather than ask them again: one request, one file, the one shown.
 */
export async function firstScreenAsked(
  page: Page,
  address: string,
  { isScreenRequest, photo }: { isScreenRequest: (request: Request) => boolean; photo: Locator },
) {
  // Counted from a new document on: the sign-in left the app on a screen whose own requests may
  // still go out until that page is gone.
  await page.goto('about:blank');
  let screenRequests = 0;
  const files: string[] = [];
  page.on('request', (sent) => {
    if (isScreenRequest(sent)) screenRequests += 1;
    else if (new URL(sent.url()).pathname.startsWith('/files/')) files.push(sent.url());
  });
  await page.goto(address);
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  const shown = await photo.evaluate((image: HTMLImageElement) => image.currentSrc);
  // Every file of that photo, whatever its size.
  const stem = /^\/files\/\d+\//.exec(new URL(shown).pathname)?.[0] ?? shown;
  return {
    screenRequests,
    shown,
    photoFiles: files.filter((file) => new URL(file).pathname.startsWith(stem)),
  };
}
