import { describe, expect, it } from 'vitest';
import { maskPhoneNumber, normalisePhoneNumber } from './phone';
import type { PhoneCountry } from './phone-countries';

describe('normalisePhoneNumber', () => {
  it.each<[string, PhoneCountry, string | null]>([
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['07 56 12 34 56', 'FR', '+33756123456'],
    ['+33 6 12 34 56 78', 'FR', '+33612345678'],
    ['0692 12 34 56', 'RE', '+262692123456'],
    ['0639 40 12 34', 'YT', '+262639401234'],
    ['0696 12 34 56', 'MQ', '+596696123456'],
    ['0694 12 34 56', 'GF', '+594694123456'],
    // A Réunion mobile typed with the France country: the wrong country.
    ['0692123456', 'FR', null],
    ['+33612345678', 'RE', null],
    // A landline cannot receive the login SMS.
    ['01 23 45 67 89', 'FR', null],
    ['061234567', 'FR', null],
    ['hello', 'FR', null],
    ['', 'FR', null],
  ])('%s (%s) → %s', (input, country, expected) => {
    expect(normalisePhoneNumber(input, country)).toBe(expected);
  });
});

describe('maskPhoneNumber', () => {
  it('keeps the calling code and the last two digits', () => {
    expect(maskPhoneNumber('+33612345678')).toBe('+33 ••••••• 78');
    expect(maskPhoneNumber('+262692123456')).toBe('+262 ••••••• 56');
  });
});
