/**
 * When the first screen is on the page (the root layout's first commit, the early login taken over),
 * and a way to wait for it then for an idle main thread: what the app does for later (keeping the
 * shell on the device, issue 17) starts there, out of the first screen's way.
 */
let markShown: () => void = () => {};
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});

export function markFirstScreenShown() {
  markShown();
}

/** Longest wait for an idle moment on a page that is never idle (an animation, a busy phone). */
const IDLE_TIMEOUT_MS = 10_000;

/** A page whose first screen never came (the app failed before it) still gets what waits here. */
const NO_FIRST_SCREEN_MS = 10_000;

/** Resolves once the first screen is shown, the page has loaded and the main thread is idle. */
export async function afterFirstScreenIdle(page: Window = window) {
  if (page.document.readyState !== 'complete') {
    await new Promise((resolve) => page.addEventListener('load', resolve, { once: true }));
  }
  await Promise.race([
    shown,
    new Promise((resolve) => page.setTimeout(resolve, NO_FIRST_SCREEN_MS)),
  ]);
  await new Promise<void>((resolve) => {
    // Safari has no requestIdleCallback: a second after the load stands in for it.
    if (typeof page.requestIdleCallback === 'function') {
      page.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    } else {
      page.setTimeout(resolve, 1_000);
    }
  });
}
