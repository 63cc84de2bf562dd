import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { AREAS, i18n, loadTexts } from '@/lib/i18n';
import { resetClientConfig } from '@/lib/client-config';
import { closeGlobalDialog } from '@/lib/dialogs';
import { closeIdentityDialog } from '@/features/identity/hooks/identity-dialog-store';

// Components are rendered alone here, without the screen that loads their texts: every area is
// there (i18n.test checks that each screen names the areas its code uses).
await loadTexts(AREAS);

// Lazy screens are transformed on first import: give them time on a cold run.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks what Radix and sonner measure with.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.setPointerCapture ??= () => {};
window.scrollTo = () => {};

// An unexpected console.error is a failing test (epic-stack's rule): React warnings included.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(async () => {
  cleanup();
  closeGlobalDialog();
  closeIdentityDialog();
  resetClientConfig();
  window.localStorage.clear();
  window.location.hash = '';
  await i18n.changeLanguage('fr');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});

/** Lets a test that provokes a console.error on purpose say so. */
export function expectConsoleError(matcher: RegExp) {
  const index = consoleErrors.findIndex((args) => matcher.test(args.map(String).join(' ')));
  if (index === -1) throw new Error(`Expected a console.error matching ${matcher}`);
  consoleErrors.splice(index, 1);
}
