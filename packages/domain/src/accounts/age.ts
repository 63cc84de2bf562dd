import { calendarDayInFrance } from '../shared/calendar-day';
import { MINIMUM_AGE_YEARS } from './account.constants';

/** A calendar date without time or zone: what a birthday is. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Reads "YYYY-MM-DD"; null when the text is not a real calendar date ("2025-02-30"). */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** "YYYY-MM-DD" of a calendar date. */
export function formatIsoDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** The calendar date at instant `now` in France, whatever the server's zone. */
export function calendarDateAt(now: Date): CalendarDate {
  const [year, month, day] = calendarDayInFrance(now).split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

/**
 * Age in whole years on the day of `now`. Someone born on 29 February gets one year older on
 * 1 March in non-leap years (the birthday has not been reached on 28 February).
 */
export function ageOn(birthday: CalendarDate, now: Date): number {
  const today = calendarDateAt(now);
  const beforeBirthday =
    today.month < birthday.month || (today.month === birthday.month && today.day < birthday.day);
  return today.year - birthday.year - (beforeBirthday ? 1 : 0);
}

/** True when a "YYYY-MM-DD" birthday makes the person at least `minimumAge` years old on `now`. */
export function isOldEnough(
  birthday: string,
  now: Date,
  minimumAge: number = MINIMUM_AGE_YEARS,
): boolean {
  const date = parseIsoDate(birthday);
  return date !== null && ageOn(date, now) >= minimumAge;
}

/**
 * The latest birthday that is old enough on `now`: the date picker's maximum. When that day does not
 * exist (29 February in a non-leap year) it is the day before.
 */
export function latestBirthdayForAge(now: Date, minimumAge: number = MINIMUM_AGE_YEARS): string {
  const today = calendarDateAt(now);
  const year = today.year - minimumAge;
  const day = Math.min(today.day, daysInMonth(year, today.month));
  return formatIsoDate({ year, month: today.month, day });
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
