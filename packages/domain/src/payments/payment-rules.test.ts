import { describe, expect, it } from 'vitest';
import {
  appliedBoostEnd,
  BOOST_OPTIONS_DEFAULT,
  canBoost,
  euroToCents,
  findBoostOption,
  parseBoostOptions,
  rewardOptions,
  rewardSupplement,
} from './payment-rules';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-22T10:00:00Z');

describe('additional reward supplement (docs/product/annonces.md §4, §9)', () => {
  it('disables the levels at or below the current one and prices the others as the difference', () => {
    expect(rewardOptions({ level: 2, amount: 500 })).toEqual([
      { level: 1, amount: 200, supplement: 0, disabled: true },
      { level: 2, amount: 500, supplement: 0, disabled: true },
      { level: 3, amount: 800, supplement: 300, disabled: false },
      { level: 4, amount: 1100, supplement: 600, disabled: false },
      { level: 5, amount: 1400, supplement: 900, disabled: false },
    ]);
  });

  it('offers every level at full price when there is no reward yet', () => {
    expect(rewardOptions({ level: 0, amount: 0 }).map((o) => [o.supplement, o.disabled])).toEqual([
      [200, false],
      [500, false],
      [800, false],
      [1100, false],
      [1400, false],
    ]);
  });

  it('charges the difference between the levels', () => {
    expect(rewardSupplement({ level: 2, amount: 500 }, { level: 4, amount: null })).toEqual({
      ok: true,
      level: 4,
      amount: 1100,
      supplement: 600,
    });
    // A fixed level ignores any amount sent with it.
    expect(rewardSupplement({ level: 1, amount: 200 }, { level: 3, amount: 5 })).toMatchObject({
      amount: 800,
      supplement: 600,
    });
  });

  it('takes the free amount of level 5 rounded up, at least 1400 EUR', () => {
    expect(rewardSupplement({ level: 4, amount: 1100 }, { level: 5, amount: 2000.2 })).toEqual({
      ok: true,
      level: 5,
      amount: 2001,
      supplement: 901,
    });
    expect(rewardSupplement({ level: 4, amount: 1100 }, { level: 5, amount: 1300 })).toMatchObject({
      ok: false,
      field: 'additionnalRewardAmount',
      messageKey: 'additional.reward.free.min',
    });
  });

  it('refuses the same level, a lower one, and level 0', () => {
    for (const level of [0, 1, 2]) {
      expect(rewardSupplement({ level: 2, amount: 500 }, { level, amount: null }).ok).toBe(false);
    }
    expect(rewardSupplement({ level: 5, amount: 1400 }, { level: 5, amount: 3000 })).toMatchObject({
      ok: false,
      messageKey: 'additional.reward.not.higher.error',
    });
  });
});

describe('boost options (docs/product/founders-decisions.md: 1 week 9.99, 2 weeks 18.99, 3 weeks 25.99)', () => {
  it('has the defaults', () => {
    expect(BOOST_OPTIONS_DEFAULT.map((o) => [o.weeks, euroToCents(o.price)])).toEqual([
      [1, 999],
      [2, 1899],
      [3, 2599],
    ]);
  });

  it('reads BOOST_OPTIONS and refuses what would make an option ambiguous', () => {
    expect(parseBoostOptions('2:15, 1:8.5 ,4:30')).toEqual([
      { weeks: 1, price: 8.5 },
      { weeks: 2, price: 15 },
      { weeks: 4, price: 30 },
    ]);
    for (const bad of ['', '1:9.99,1:12', '1:9.99,2:9.99', '0:5', '1:0.1', '1-9.99', '1:9.999']) {
      expect(() => parseBoostOptions(bad)).toThrow();
    }
  });

  it('finds an option by its length, by its price in cents, or by both', () => {
    expect(findBoostOption(BOOST_OPTIONS_DEFAULT, { weeks: 2 })?.price).toBe(18.99);
    expect(findBoostOption(BOOST_OPTIONS_DEFAULT, { amountCents: 2599 })?.weeks).toBe(3);
    expect(findBoostOption(BOOST_OPTIONS_DEFAULT, { weeks: 2, amountCents: 999 })).toBeNull();
    expect(findBoostOption(BOOST_OPTIONS_DEFAULT, { amountCents: 1 })).toBeNull();
  });

  it('boosts only a validated announcement whose boost is over', () => {
    expect(canBoost({ status: 'VALIDATED', boostEndDate: null }, now)).toBe(true);
    expect(canBoost({ status: 'VALIDATED', boostEndDate: new Date(now.getTime() - 1) }, now)).toBe(
      true,
    );
    expect(canBoost({ status: 'VALIDATED', boostEndDate: now }, now)).toBe(false);
    expect(canBoost({ status: 'TO_VALIDATE', boostEndDate: null }, now)).toBe(false);
  });

  it('ends the boost the weeks after now, or after a boost still running', () => {
    expect(appliedBoostEnd(null, now, 2)).toEqual(new Date(now.getTime() + 14 * DAY));
    expect(appliedBoostEnd(new Date(now.getTime() - DAY), now, 1)).toEqual(
      new Date(now.getTime() + 7 * DAY),
    );
    const running = new Date(now.getTime() + 3 * DAY);
    expect(appliedBoostEnd(running, now, 1)).toEqual(new Date(now.getTime() + 10 * DAY));
  });
});
