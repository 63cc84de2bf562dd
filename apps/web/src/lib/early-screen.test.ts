import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_PHOTO_WAIT_MS,
  EARLY_SCREEN_ATTRIBUTE,
  EARLY_SCREENS,
  dropUnshownEarlyScreens,
  takeOverEarlyScreen,
  type EarlyScreen,
} from './early-screen';

/** Every early screen in the page, as index.html carries them. */
function earlyScreens(): Record<EarlyScreen, HTMLDivElement> {
  const screens = Object.keys(EARLY_SCREENS) as EarlyScreen[];
  const elements = screens.map((screen) => {
    const element = document.createElement('div');
    element.id = EARLY_SCREENS[screen];
    return [screen, element] as const;
  });
  document.body.append(...elements.map(([, element]) => element));
  return Object.fromEntries(elements) as Record<EarlyScreen, HTMLDivElement>;
}

/** One early screen shown as its boot script leaves it, its photo decoding until `decoded`. */
function shownEarlyScreen(screen: EarlyScreen, { photo }: { photo: 'none' | 'decoding' }) {
  const elements = earlyScreens();
  document.documentElement.setAttribute(EARLY_SCREEN_ATTRIBUTE, screen);
  let decoded: () => void = () => {};
  if (photo === 'decoding') {
    const image = document.createElement('img');
    image.decode = () =>
      new Promise<void>((resolve) => {
        decoded = resolve;
      });
    elements[screen].appendChild(image);
  }
  return { ...elements, early: elements[screen], decoded: () => decoded() };
}

const shown = () => document.documentElement.hasAttribute(EARLY_SCREEN_ATTRIBUTE);

afterEach(() => {
  vi.useRealTimers();
  for (const id of Object.values(EARLY_SCREENS)) document.getElementById(id)?.remove();
  document.documentElement.removeAttribute(EARLY_SCREEN_ATTRIBUTE);
});

describe('the early screen’s end', () => {
  it('is at once without a photo, and takes every early screen with it', () => {
    const { home, annonce, search } = shownEarlyScreen('home', { photo: 'none' });
    takeOverEarlyScreen();
    expect(home.isConnected).toBe(false);
    expect(annonce.isConnected).toBe(false);
    expect(search.isConnected).toBe(false);
    expect(shown()).toBe(false);
  });

  it('waits for its photo to be decoded and drawn, so that the app’s photo shows at once', async () => {
    vi.useFakeTimers();
    const { early, decoded } = shownEarlyScreen('annonce', { photo: 'decoding' });
    takeOverEarlyScreen();
    await vi.advanceTimersByTimeAsync(EARLY_PHOTO_WAIT_MS / 2);
    expect(early.isConnected).toBe(true);
    decoded();
    await vi.advanceTimersByTimeAsync(50);
    expect(early.isConnected).toBe(false);
    expect(shown()).toBe(false);
  });

  it('never keeps a ready app behind a photo that does not come', async () => {
    vi.useFakeTimers();
    const { early } = shownEarlyScreen('home', { photo: 'decoding' });
    takeOverEarlyScreen();
    await vi.advanceTimersByTimeAsync(EARLY_PHOTO_WAIT_MS - 1);
    expect(early.isConnected).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(early.isConnected).toBe(false);
    expect(shown()).toBe(false);
  });
});

describe('early screens that are not the screen', () => {
  it('leave the page at once; the one shown stays', () => {
    const { home, annonce, search } = shownEarlyScreen('annonce', { photo: 'none' });
    dropUnshownEarlyScreens();
    expect(home.isConnected).toBe(false);
    expect(search.isConnected).toBe(false);
    expect(annonce.isConnected).toBe(true);
  });

  it('all leave where <html> names no early screen of its own', () => {
    const elements = Object.values(earlyScreens());
    document.documentElement.setAttribute(EARLY_SCREEN_ATTRIBUTE, 'toString');
    dropUnshownEarlyScreens();
    expect(elements.filter((element) => element.isConnected)).toEqual([]);
  });

  it('all leave where none is shown', () => {
    const elements = Object.values(earlyScreens());
    dropUnshownEarlyScreens();
    expect(elements.filter((element) => element.isConnected)).toEqual([]);
  });
});
