import { useCallback, useEffect, useState } from 'react';
import type { Position } from '../api/discovery-api';
import {
  POSITION_MAXIMUM_AGE_MS,
  POSITION_TIMEOUT_MS,
  POSITION_WAIT_MS,
} from '../lib/position-options';

export type GeolocationState =
  | { status: 'pending'; position: null }
  | { status: 'granted'; position: Position }
  /** Refused, unavailable, or too slow: the screens carry on without a position (§4). */
  | { status: 'unavailable'; position: null }
  /**
   * No answer within POSITION_WAIT_MS (a permission prompt left open): the screens carry on
   * without a position, and take it if the answer comes; asking again stays possible.
   */
  | { status: 'unanswered'; position: null };

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

/** What is left of POSITION_WAIT_MS for a question asked at `askedAt`, in ms. */
const waitLeft = (askedAt: number) => Math.max(0, askedAt + POSITION_WAIT_MS - Date.now());

/**
 * The position within POSITION_WAIT_MS of `askedAt`, else null: what a screen that cannot wait
 * for an unanswered permission prompt goes on with.
 */
export function positionWithinWait(
  answer: Promise<Position | null>,
  askedAt: number,
): Promise<Position | null> {
  return Promise.race([
    answer,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), waitLeft(askedAt))),
  ]);
}

/** An early answer older than this is not taken: the user may have moved, or changed their mind. */
const EARLY_ASK_LIFETIME_MS = 10_000;
/** An early question: its answer, when it was taken for the screen (`at`), when it was asked. */
interface EarlyAsk {
  answer: Promise<Position | null>;
  at: number;
  askedAt: number;
}
let earlyAsk: EarlyAsk | null = null;

/**
 * Asks the position before the screen that needs it has drawn (the home, as its code loads): the
 * next useGeolocation to mount takes this answer instead of asking again.
 */
export function askPositionEarly(
  /** The same question, already asked before the app ran (the early home request). */
  asked?: EarlyAsk,
): EarlyAsk {
  if (asked) earlyAsk ??= asked;
  if (typeof navigator === 'undefined' || !navigator.geolocation) {
    return { answer: Promise.resolve(null), at: Date.now(), askedAt: Date.now() };
  }
  earlyAsk ??= { answer: locate(), at: Date.now(), askedAt: Date.now() };
  return earlyAsk;
}

function takeEarlyAsk(): EarlyAsk | null {
  const ask = earlyAsk;
  earlyAsk = null;
  return ask && Date.now() - ask.at < EARLY_ASK_LIFETIME_MS ? ask : null;
}

const UNAVAILABLE: GeolocationState = { status: 'unavailable', position: null };
const UNANSWERED: GeolocationState = { status: 'unanswered', position: null };

/** The browser position, asked once on mount; `refresh` asks again (the centre-on-me button). */
export function useGeolocation() {
  const [state, setState] = useState<GeolocationState>(() =>
    typeof navigator === 'undefined' || !navigator.geolocation
      ? { status: 'unavailable', position: null }
      : { status: 'pending', position: null },
  );

  const refresh = useCallback(async () => {
    const position = await locate();
    setState(position ? { status: 'granted', position } : UNAVAILABLE);
    return position;
  }, []);

  useEffect(() => {
    if (state.status !== 'pending') return;
    let cancelled = false;
    const ask = takeEarlyAsk() ?? { answer: locate(), askedAt: Date.now() };
    // Past the wait (a permission prompt left open), the screen goes on without a position; the
    // answer, whenever it comes, is still taken.
    const waited = setTimeout(() => {
      if (!cancelled) setState((now) => (now.status === 'pending' ? UNANSWERED : now));
    }, waitLeft(ask.askedAt));
    void ask.answer.then((position) => {
      clearTimeout(waited);
      if (cancelled) return;
      setState(position ? { status: 'granted', position } : UNAVAILABLE);
    });
    return () => {
      cancelled = true;
      clearTimeout(waited);
    };
    // Asked once: a later refusal or grant goes through refresh().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { ...state, refresh };
}
