/** The time zone whose calendar days the product counts in: its members and its admins are in France. */
export const FRANCE_TIME_ZONE = 'Europe/Paris';

/**
 * Made once, on first use: building a formatter with a time zone costs about a tenth of a
 * millisecond, which every identifier check paid (issue 20). Not at import: a browser's first Intl
 * formatter loads its locale data (130 to 360 ms at a phone's speed), and the login imports this
 * module with its form rules although it never asks a day (issue 17).
 */
let franceDayFormat: Intl.DateTimeFormat | null = null;

/** The calendar day of an instant in France, "YYYY-MM-DD". */
export function calendarDayInFrance(instant: Date): string {
  franceDayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: FRANCE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return franceDayFormat.format(instant);
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether a date someone typed lies after now. A bare calendar day ("YYYY-MM-DD", what a date field
 * sends) is compared with today in France: `new Date('2026-11-29')` is UTC midnight, which for the
 * first one or two hours of a French day is still in the future, so "today" was refused after
 * midnight. A date with a time and an offset is an instant and is compared as one.
 */
export function isAfterToday(typed: string, now: Date): boolean {
  if (CALENDAR_DAY.test(typed)) return typed > calendarDayInFrance(now);
  return new Date(typed).getTime() > now.getTime();
}
