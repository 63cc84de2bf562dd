import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { json } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/test-utils';

/** A login answer as the server gives it (DECISIONS.md "login call"). */
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
  window.location.hash = `#${url}`;
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  const rendering = renderApp(url);
  await vi.advanceTimersByTimeAsync(0);
  const result = await rendering;
  return { ...result, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

/** Lets `ms` of fake time pass, with React told about the updates it causes. */
export async function passTime(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
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
