/**
 * "il y a 3 heures" (docs/product/annonces.md §9): under a second "à l'instant", then seconds, minutes, hours,
 * days under 30 days, months of 30 days under 365 days, then years. `now` is passed in (no clock here).
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RelativeTimeUnit = 'now' | 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

/** The unit and count, for a client that formats in another language. */
export function relativeTimeParts(
  date: Date,
  now: Date,
): { unit: RelativeTimeUnit; count: number } {
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < SECOND) return { unit: 'now', count: 0 };
  if (elapsed < MINUTE) return { unit: 'second', count: Math.floor(elapsed / SECOND) };
  if (elapsed < HOUR) return { unit: 'minute', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hour', count: Math.floor(elapsed / HOUR) };
  if (elapsed < 30 * DAY) return { unit: 'day', count: Math.floor(elapsed / DAY) };
  if (elapsed < 365 * DAY) return { unit: 'month', count: Math.floor(elapsed / (30 * DAY)) };
  return { unit: 'year', count: Math.floor(elapsed / (365 * DAY)) };
}

const FRENCH_UNITS: Record<Exclude<RelativeTimeUnit, 'now'>, [string, string]> = {
  second: ['seconde', 'secondes'],
  minute: ['minute', 'minutes'],
  hour: ['heure', 'heures'],
  day: ['jour', 'jours'],
  month: ['mois', 'mois'],
  year: ['an', 'ans'],
};

/** "à l'instant", "il y a 1 minute", "il y a 3 mois", "il y a 2 ans". */
export function frenchRelativeTime(date: Date, now: Date): string {
  const { unit, count } = relativeTimeParts(date, now);
  if (unit === 'now') return "à l'instant";
  const [singular, plural] = FRENCH_UNITS[unit];
  return `il y a ${count} ${count > 1 ? plural : singular}`;
}

/** Views above this show "N vues"; fewer show the "new announcement" label (§9). */
export const VIEW_COUNT_DISPLAY_THRESHOLD = 122;
