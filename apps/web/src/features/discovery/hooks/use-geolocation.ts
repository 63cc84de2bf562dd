import { useCallback, useEffect, useState } from 'react';
import type { Position } from '../api/discovery-api';
import { POSITION_MAXIMUM_AGE_MS, POSITION_TIMEOUT_MS } from '../lib/position-options';

export type GeolocationState =
  | { status: 'pending'; position: null }
  | { status: 'granted'; position: Position }
  /** Refused, unavailable, or too slow: the screens carry on without a position (§4). */
  | { status: 'unavailable'; position: null };

function locate(): Promise<Position | null> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      resolve(null);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (result) => resolve({ latitude: result.coords.latitude, longitude: result.coords.longitude }),
      () => resolve(null),
      { timeout: POSITION_TIMEOUT_MS, maximumAge: POSITION_MAXIMUM_AGE_MS },
    );
  });
}

/** An early answer older than this is not taken: the user may have moved, or changed their mind. */
const EARLY_ASK_LIFETIME_MS = 10_000;
let earlyAsk: { answer: Promise<Position | null>; at: number } | null = null;

/**
 * Asks the position before the screen that needs it has drawn (the home, as its code loads): the
 * next useGeolocation to mount takes this answer instead of asking again.
 */
export function askPositionEarly(
  /** The same question, already asked before the app ran (the early home request). */
  asked?: { answer: Promise<Position | null>; at: number },
): Promise<Position | null> {
  if (asked) earlyAsk ??= asked;
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  earlyAsk ??= { answer: locate(), at: Date.now() };
  return earlyAsk.answer;
}

function takeEarlyAsk(): Promise<Position | null> | null {
  const ask = earlyAsk;
  earlyAsk = null;
  return ask && Date.now() - ask.at < EARLY_ASK_LIFETIME_MS ? ask.answer : null;
}

/** The browser position, asked once on mount; `refresh` asks again (the centre-on-me button). */
export function useGeolocation() {
  const [state, setState] = useState<GeolocationState>(() =>
    typeof navigator === 'undefined' || !navigator.geolocation
      ? { status: 'unavailable', position: null }
      : { status: 'pending', position: null },
  );

  const refresh = useCallback(async () => {
    const position = await locate();
    setState(
      position ? { status: 'granted', position } : { status: 'unavailable', position: null },
    );
    return position;
  }, []);

  useEffect(() => {
    if (state.status !== 'pending') return;
    let cancelled = false;
    void (takeEarlyAsk() ?? locate()).then((position) => {
      if (cancelled) return;
      setState(
        position ? { status: 'granted', position } : { status: 'unavailable', position: null },
      );
    });
    return () => {
      cancelled = true;
    };
    // Asked once: a later refusal or grant goes through refresh().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { ...state, refresh };
}
