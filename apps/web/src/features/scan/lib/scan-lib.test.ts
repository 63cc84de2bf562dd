import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPosition } from '@/lib/geolocation';
import { identifierFromSpeech } from './speech';

describe('dictated identifiers', () => {
  it.each([
    ['A B 1 2 3 C D', 'AB123CD'],
    ['AB tiret 123 tiret CD', 'AB123CD'],
    ['a b un deux trois c d', 'AB123CD'],
    ['zéro huit', '08'],
  ])('%j is heard as %s', (spoken, identifier) => {
    expect(identifierFromSpeech(spoken)).toBe(identifier);
  });
});

describe('the position of a check', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives up after 3 seconds when the browser never answers', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { geolocation: { getCurrentPosition: () => undefined } });
    const position = currentPosition();
    await vi.advanceTimersByTimeAsync(2999);
    let settled = false;
    void position.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(position).resolves.toBeNull();
  });

  it('answers the coordinates, or null when refused', async () => {
    vi.stubGlobal('navigator', {
      geolocation: {
        getCurrentPosition: (
          ok: (p: { coords: { latitude: number; longitude: number } }) => void,
        ) => ok({ coords: { latitude: 43.6, longitude: 1.44 } }),
      },
    });
    await expect(currentPosition()).resolves.toEqual({ latitude: 43.6, longitude: 1.44 });
    vi.stubGlobal('navigator', {
      geolocation: { getCurrentPosition: (_ok: unknown, fail: () => void) => fail() },
    });
    await expect(currentPosition()).resolves.toBeNull();
  });
});
