import { useEffect, useState } from 'react';
import { takeOverEarlyScreen } from './early-screen';

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

/**
 * When the first screen's own content is on the page (the home's rows, the search's results, the
 * announcement, or whatever stands in for them: an empty state, an error), as opposed to its
 * frame: the header's secondary parts (the bell and its notifications, the account menu) wait for
 * it rather than compete with the content's requests on a slow network (issue 17). A screen that
 * says nothing (its route's handle has no `marksFirstContent`) has it with its frame.
 */
let contentShown = false;
const contentWaiters = new Set<() => void>();

export function markFirstContentShown() {
  if (contentShown) return;
  contentShown = true;
  // The early screen, drawn by index.html, stood for the screen until its content was in.
  takeOverEarlyScreen();
  for (const wake of contentWaiters) wake();
  contentWaiters.clear();
}

/** A screen's content (or what stands in for it) is on the page once `ready` is. */
export function useMarkFirstContent(ready: boolean) {
  useEffect(() => {
    if (ready) markFirstContentShown();
  }, [ready]);
}

/**
 * Longest wait for the first content: a screen that marks it and then never gets its data (a
 * request hanging on a bad network) still gets its header whole.
 */
export const FIRST_CONTENT_TIMEOUT_MS = 4_000;

/** True once the first screen's content is shown (at the latest FIRST_CONTENT_TIMEOUT_MS later). */
export function useFirstContentShown(): boolean {
  const [shown, setShown] = useState(contentShown);
  useEffect(() => {
    if (shown) return;
    const wake = () => setShown(true);
    contentWaiters.add(wake);
    const timer = window.setTimeout(wake, FIRST_CONTENT_TIMEOUT_MS);
    return () => {
      contentWaiters.delete(wake);
      window.clearTimeout(timer);
    };
  }, [shown]);
  return shown;
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
