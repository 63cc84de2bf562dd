import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_HOME_ATTRIBUTE,
  EARLY_HOME_ID,
  EARLY_PHOTO_WAIT_MS,
  dropUnshownEarlyHome,
  takeOverEarlyHome,
} from './early-home';

/** The early home as the boot script leaves it, with its photo decoding until `decoded` is called. */
function earlyHome({ photo }: { photo: 'none' | 'decoding' }) {
  const early = document.createElement('div');
  early.id = EARLY_HOME_ID;
  document.body.appendChild(early);
  document.documentElement.setAttribute(EARLY_HOME_ATTRIBUTE, '');
  let decoded: () => void = () => {};
  if (photo === 'decoding') {
    const image = document.createElement('img');
    image.decode = () =>
      new Promise<void>((resolve) => {
        decoded = resolve;
      });
    early.appendChild(image);
  }
  return { early, decoded: () => decoded() };
}

const shown = () => document.documentElement.hasAttribute(EARLY_HOME_ATTRIBUTE);

afterEach(() => {
  vi.useRealTimers();
  document.getElementById(EARLY_HOME_ID)?.remove();
  document.documentElement.removeAttribute(EARLY_HOME_ATTRIBUTE);
});

describe('the early home’s end', () => {
  it('is at once without a photo', () => {
    const { early } = earlyHome({ photo: 'none' });
    takeOverEarlyHome();
    expect(early.isConnected).toBe(false);
    expect(shown()).toBe(false);
  });

  it('waits for its photo to be decoded and drawn, so that the card’s photo shows at once', async () => {
    vi.useFakeTimers();
    const { early, decoded } = earlyHome({ photo: 'decoding' });
    takeOverEarlyHome();
    await vi.advanceTimersByTimeAsync(EARLY_PHOTO_WAIT_MS / 2);
    expect(early.isConnected).toBe(true);
    decoded();
    await vi.advanceTimersByTimeAsync(50);
    expect(early.isConnected).toBe(false);
    expect(shown()).toBe(false);
  });

  it('never keeps a ready app behind a photo that does not come', async () => {
    vi.useFakeTimers();
    const { early } = earlyHome({ photo: 'decoding' });
    takeOverEarlyHome();
    await vi.advanceTimersByTimeAsync(EARLY_PHOTO_WAIT_MS - 1);
    expect(early.isConnected).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(early.isConnected).toBe(false);
    expect(shown()).toBe(false);
  });
});

describe('an early home that is not the screen', () => {
  it('leaves the page at once, and stays where it is the screen', () => {
    const { early } = earlyHome({ photo: 'none' });
    dropUnshownEarlyHome();
    expect(early.isConnected).toBe(true);
    document.documentElement.removeAttribute(EARLY_HOME_ATTRIBUTE);
    dropUnshownEarlyHome();
    expect(early.isConnected).toBe(false);
  });
});
