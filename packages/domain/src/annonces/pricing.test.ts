import { describe, expect, it } from 'vitest';
import {
  annoncePrice,
  boostEndDate,
  DEFAULT_BOOST_OPTIONS,
  isBoostActive,
  normalizeAdditionalReward,
  paymentSummary,
} from './pricing';

describe('announcement prices and rewards (docs/product/annonces.md §9, docs/product/founders-decisions.md)', () => {
  it('costs 300 EUR for a licensed vehicle, 150 EUR otherwise', () => {
    expect(annoncePrice(true)).toBe(300);
    expect(annoncePrice(false)).toBe(150);
  });

  it.each([
    [0, 999, { ok: true, level: 0, amount: 0 }],
    [1, null, { ok: true, level: 1, amount: 200 }],
    [2, 1, { ok: true, level: 2, amount: 500 }],
    [3, null, { ok: true, level: 3, amount: 800 }],
    [4, null, { ok: true, level: 4, amount: 1100 }],
    [5, 1400, { ok: true, level: 5, amount: 1400 }],
    [5, 1400.01, { ok: true, level: 5, amount: 1401 }],
    [5, 1399.99, { ok: true, level: 5, amount: 1400 }],
  ])('level %i with amount %s gives %j', (level, amount, expected) => {
    expect(normalizeAdditionalReward(level, amount)).toEqual(expected);
  });

  it.each([
    [5, 1399, 'additionnalRewardAmount'],
    [5, null, 'additionnalRewardAmount'],
    [5, Number.NaN, 'additionnalRewardAmount'],
    [6, 2000, 'additionnalRewardLevel'],
    [-1, 0, 'additionnalRewardLevel'],
    [1.5, 0, 'additionnalRewardLevel'],
  ])('refuses level %s with amount %s on %s', (level, amount, field) => {
    expect(normalizeAdditionalReward(level, amount)).toMatchObject({ ok: false, field });
  });

  it('sums the payment summary: counts, prices and rewards', () => {
    expect(
      paymentSummary([
        { isLicensed: true, additionalRewardAmount: 200 },
        { isLicensed: false, additionalRewardAmount: 0 },
        { isLicensed: true, additionalRewardAmount: 1400 },
      ]),
    ).toEqual({
      totalAnnonces: 3,
      licensed: 2,
      unlicensed: 1,
      additionalRewards: 1600,
      total: 2350,
    });
    expect(paymentSummary([])).toEqual({
      totalAnnonces: 0,
      licensed: 0,
      unlicensed: 0,
      additionalRewards: 0,
      total: 0,
    });
  });

  it('offers the default boosts and keeps one valid until its end date included', () => {
    expect(DEFAULT_BOOST_OPTIONS.map((option) => [option.weeks, option.price])).toEqual([
      [1, 9.99],
      [2, 18.99],
      [3, 25.99],
    ]);
    const now = new Date('2026-11-22T10:00:00Z');
    const end = boostEndDate(now, 2);
    expect(end.toISOString()).toBe('2026-12-06T10:00:00.000Z');
    expect(isBoostActive(end, end)).toBe(true);
    expect(isBoostActive(end, new Date(end.getTime() + 1))).toBe(false);
    expect(isBoostActive(null, now)).toBe(false);
  });
});
