import type { HomeGroup } from '@app/domain';
import { askPositionEarly, positionWithinWait } from '../hooks/use-geolocation';
import { getHomeData, type Position } from './discovery-api';
import { EARLY_HOME_GLOBAL, type EarlyHomeRequest } from './early-home-boot';

/** The home's query key part for a position (or its absence). */
export const homePositionKey = (position: Position | null) =>
  position ? `${position.latitude},${position.longitude}` : 'none';

/** An early answer older than this is asked again: the home shows what is new. */
const EARLY_DATA_LIFETIME_MS = 10_000;
let early: { answer: Promise<{ key: string; data: Promise<HomeGroup[]> }>; at: number } | null =
  null;

/**
 * How long the request index.html's script sent waits for the home: the app's own code may take
 * longer than EARLY_DATA_LIFETIME_MS to arrive on a slow network, and asking again then would cost
 * that phone the same answer twice; past this, the visitor went elsewhere first.
 */
const BOOT_REQUEST_LIFETIME_MS = 60_000;

/** The request index.html's script sent before the app ran (api/early-home-boot.ts), taken once. */
function takeBootRequest(): EarlyHomeRequest | null {
  const page = window as unknown as Record<string, EarlyHomeRequest | undefined>;
  const booted = page[EARLY_HOME_GLOBAL];
  page[EARLY_HOME_GLOBAL] = undefined;
  return booted && Date.now() - booted.at < BOOT_REQUEST_LIFETIME_MS ? booted : null;
}

/**
 * Starts the home's request as soon as the home's code runs, before the screen has drawn, mounted
 * and asked (issue 17: the first card's photo, the home's largest paint, waits for this answer),
 * or takes the one index.html's script sent even earlier. The position is asked first, as the
 * screen would.
 */
export function startHomeDataEarly() {
  const booted = takeBootRequest();
  if (booted) {
    // Taken now, by the home about to draw: its age counts from here.
    // The screen takes the browser's own answer, however late: the request went without a
    // position past the wait, and a position that comes later asks the home again with it.
    askPositionEarly({ answer: booted.located, at: Date.now(), askedAt: booted.at });
    const answer = booted.answer.then(({ position, response }) => {
      const data = getHomeData(position, Promise.resolve(response));
      data.catch(() => {});
      return { key: homePositionKey(position), data };
    });
    early = { answer, at: Date.now() };
    return;
  }
  const asked = askPositionEarly();
  const answer = positionWithinWait(asked.answer, asked.askedAt).then((position) => {
    const data = getHomeData(position);
    // Whoever takes it sees the failure; nobody taking it is no error.
    data.catch(() => {});
    return { key: homePositionKey(position), data };
  });
  early = { answer, at: Date.now() };
}

/** The home's data for a position: the early request once when it asked the same, else a new one. */
export async function loadHomeData(position: Position | null): Promise<HomeGroup[]> {
  const started = early;
  early = null;
  if (started && Date.now() - started.at < EARLY_DATA_LIFETIME_MS) {
    const { key, data } = await started.answer;
    if (key === homePositionKey(position)) return data;
  }
  return getHomeData(position);
}
