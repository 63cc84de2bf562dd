import type { HomeGroup } from '@app/domain';
import { askPositionEarly } from '../hooks/use-geolocation';
import { getHomeData, type Position } from './discovery-api';

/** The home's query key part for a position (or its absence). */
export const homePositionKey = (position: Position | null) =>
  position ? `${position.latitude},${position.longitude}` : 'none';

/** An early answer older than this is asked again: the home shows what is new. */
const EARLY_DATA_LIFETIME_MS = 10_000;
let early: { answer: Promise<{ key: string; data: Promise<HomeGroup[]> }>; at: number } | null =
  null;

/**
 * Starts the home's request as soon as the home's code runs, before the screen has drawn, mounted
 * and asked (issue 17: the first card's photo, the home's largest paint, waits for this answer).
 * The position is asked first, as the screen would.
 */
export function startHomeDataEarly() {
  const answer = askPositionEarly().then((position) => {
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
