import { describe, expect, it } from 'vitest';
import { calendarDayInFrance, isAfterToday } from './calendar-day';

describe('calendar days in France', () => {
  it('counts the day in Paris, not in UTC', () => {
    // 23:30 UTC in winter is 00:30 the next day in Paris.
    expect(calendarDayInFrance(new Date('2026-11-28T23:30:00Z'))).toBe('2026-11-29');
    expect(calendarDayInFrance(new Date('2026-11-28T22:30:00Z'))).toBe('2026-11-28');
    // Summer time: two hours ahead.
    expect(calendarDayInFrance(new Date('2026-07-14T22:30:00Z'))).toBe('2026-07-15');
  });

  it('takes a typed day of today as today just after midnight in France', () => {
    const justAfterMidnightInParis = new Date('2026-11-28T23:30:00Z');
    expect(isAfterToday('2026-11-29', justAfterMidnightInParis)).toBe(false);
    expect(isAfterToday('2026-11-28', justAfterMidnightInParis)).toBe(false);
    expect(isAfterToday('2026-11-30', justAfterMidnightInParis)).toBe(true);
    expect(isAfterToday('2026-11-29', new Date('2026-11-28T12:00:00Z'))).toBe(true);
  });

  it('compares a date with a time and an offset as an instant', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(isAfterToday('2026-11-28T12:30:00+01:00', now)).toBe(false);
    expect(isAfterToday('2026-11-28T13:30:00+01:00', now)).toBe(true);
  });
});
