import { describe, expect, it } from 'vitest';
import { ageOn, calendarDateAt, isOldEnough, latestBirthdayForAge, parseIsoDate } from './age';

describe('parseIsoDate', () => {
  it.each([
    ['2008-11-22', { year: 2008, month: 11, day: 22 }],
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['2025-02-29', null],
    ['2025-13-01', null],
    ['2025-00-10', null],
    ['2025-04-31', null],
    ['22/11/2008', null],
    ['2008-1-2', null],
    ['', null],
  ])('%s → %o', (text, expected) => {
    expect(parseIsoDate(text)).toEqual(expected);
  });
});

describe('calendarDateAt', () => {
  it('reads the day in France, not in UTC', () => {
    // 23:30 UTC on 22 November is already 23 November in Paris (UTC+1 in winter).
    expect(calendarDateAt(new Date('2026-11-22T23:30:00Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 23,
    });
    expect(calendarDateAt(new Date('2026-11-22T22:59:00Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 22,
    });
  });
});

describe('isOldEnough (18 years)', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it.each([
    ['2008-11-22', true, 'turns 18 today'],
    ['2008-11-23', false, 'turns 18 tomorrow'],
    ['2008-11-21', true, 'turned 18 yesterday'],
    ['2009-01-01', false, 'is 17'],
    ['1950-06-15', true, 'is 76'],
    ['2026-11-23', false, 'is not born yet'],
    ['not-a-date', false, 'has no real birthday'],
  ])('%s → %s (%s)', (birthday, expected) => {
    expect(isOldEnough(birthday, now)).toBe(expected);
  });

  it('uses the French day at midnight boundaries', () => {
    // On 22 November 23:30 UTC it is 23 November in Paris: born 2008-11-23 is then 18.
    expect(isOldEnough('2008-11-23', new Date('2026-11-22T23:30:00Z'))).toBe(true);
    expect(isOldEnough('2008-11-23', new Date('2026-11-22T22:30:00Z'))).toBe(false);
  });
});

describe('ageOn with 29 February birthdays', () => {
  const leapling = { year: 2008, month: 2, day: 29 };
  it.each([
    ['2026-02-28T12:00:00Z', 17],
    ['2026-03-01T12:00:00Z', 18],
    ['2028-02-29T12:00:00Z', 20],
  ])('on %s the age is %i', (now, age) => {
    expect(ageOn(leapling, new Date(now))).toBe(age);
  });
});

describe('latestBirthdayForAge', () => {
  it.each([
    ['2026-11-22T10:00:00Z', '2008-11-22'],
    ['2024-02-29T10:00:00Z', '2006-02-28'],
    ['2026-03-01T10:00:00Z', '2008-03-01'],
  ])('on %s the latest birthday is %s', (now, expected) => {
    expect(latestBirthdayForAge(new Date(now))).toBe(expected);
    expect(isOldEnough(expected, new Date(now))).toBe(true);
  });
});
