import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { json } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/test-utils';

/** A login answer as the server gives it (docs/product/founders-decisions.md "login call"). */
export function loginAnswer(overrides: Record<string, unknown> = {}) {
  return json({
    username: 'camille@example.org',
    roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'],
    token_type: 'Bearer',
    access_token: 'access-1',
    expires_in: 900,
    refresh_token: 'refresh-1',
    isFirstConnexion: false,
    reason: null,
    ...overrides,
  });
}

/**
 * Renders the app with fake timers, for the countdowns, the 500 ms debounce and the 3 s and 5 s
 * messages. Testing Library's waitFor advances fake timers when a `jest` global says they are on.
 */
export async function renderAppWithFakeTimers(url: string) {
  // Load the login screen's code with real timers: waitFor's timeout runs on fake time after.
  await import('@/app/routes/login');
  window.location.hash = `#${url}`;
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  const rendering = renderApp(url);
  await vi.advanceTimersByTimeAsync(0);
  const result = await rendering;
  return { ...result, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

/**
 * Lets `ms` of fake time pass, with React told about the updates it causes. In steps of at most
 * 100 ms: React renders at the end of each act, and a countdown schedules its next second then.
 */
export async function passTime(ms: number) {
  let left = ms;
  do {
    const step = Math.min(left, 100);
    await act(() => vi.advanceTimersByTimeAsync(step));
    left -= step;
  } while (left > 0);
}

/** The 4 code boxes, in order. */
export function codeBoxes() {
  return [1, 2, 3, 4].map((position) =>
    screen.getByRole('textbox', { name: `Chiffre ${position} sur 4` }),
  );
}

/** Types a digit (or any key) in a box the way a keyboard does: keydown, then the input. */
export function pressKey(box: HTMLElement, key: string) {
  const allowed = fireEvent.keyDown(box, { key });
  if (allowed && key.length === 1) fireEvent.change(box, { target: { value: key } });
}

export function typeCode(code: string) {
  const boxes = codeBoxes();
  [...code].forEach((digit, index) => pressKey(boxes[index]!, digit));
}
