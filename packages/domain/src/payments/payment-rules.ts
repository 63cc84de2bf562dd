/**
 * Price rules of the card payments (docs/product/annonces.md §4, §9; docs/product/founders-decisions.md): raising an additional reward
 * after publication and buying a boost. Cards are charged for nothing else. The reward levels and the
 * boost defaults live in annonces/pricing.ts; this file only derives what a payment costs from them.
 * Every amount the server charges comes from here, never from the client.
 */
import {
  ADDITIONAL_REWARD_FREE_MIN,
  ADDITIONAL_REWARD_LEVEL_AMOUNTS,
  ADDITIONAL_REWARD_MAX_LEVEL,
  DEFAULT_BOOST_OPTIONS,
  boostEndDate,
  isBoostActive,
  normalizeAdditionalReward,
} from '../annonces/pricing';

/** The only currency charged. */
export const PAYMENT_CURRENCY = 'eur';

/** What a card payment is for. */
export const PAYMENT_PURPOSES = ['BOOST', 'REWARD_SUPPLEMENT'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * The ledger's statuses, following the PaymentIntent life cycle of the providers: created and
 * waiting for a card, waiting for an extra confirmation (3-D Secure), processing, succeeded, or
 * cancelled. A declined card goes back to REQUIRES_PAYMENT_METHOD (another card may be tried).
 */
export const PAYMENT_STATUSES = [
  'REQUIRES_PAYMENT_METHOD',
  'REQUIRES_CONFIRMATION',
  'REQUIRES_ACTION',
  'PROCESSING',
  'SUCCEEDED',
  'CANCELED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Message keys of the payment errors (locales: payments.json). */
export const PAYMENT_MESSAGE_KEYS = {
  /** The amount sent is not the price the server computes (tampered or stale page). */
  amountMismatch: 'payment.amount.mismatch.error',
  /** The intent was already used for another purchase (or another announcement). */
  intentUsed: 'payment.intent.used.error',
  /** The provider says the payment has not succeeded (declined, abandoned, still waiting). */
  notPaid: 'payment.not.paid.error',
  /** The card was declined. */
  declined: 'payment.declined.error',
  /** The card needs a confirmation step that was refused or failed. */
  authenticationFailed: 'payment.authentication.error',
  /** The payment provider could not be reached. */
  unavailable: 'payment.unavailable.error',
  /** Boost: only a validated announcement whose boost is over. */
  boostNotAllowed: 'boost.not.allowed.error',
  /** Reward: only a published announcement, and only upwards. */
  rewardNotAllowed: 'additional.reward.not.allowed.error',
  rewardNotHigher: 'additional.reward.not.higher.error',
  /** The reward changed between the payment and its validation: the price no longer holds. */
  rewardChanged: 'additional.reward.changed.error',
} as const;

export const euroToCents = (euros: number): number => Math.round(euros * 100);
export const centsToEuro = (cents: number): number => cents / 100;

// ---------------------------------------------------------------------------------------------
// Additional reward supplement

/** The reward an announcement has now. */
export interface CurrentReward {
  level: number;
  amount: number;
}

/** One option of the reward page: disabled at or below the current level, else priced as the difference. */
export interface RewardOption {
  level: 1 | 2 | 3 | 4 | 5;
  /** The reward promised with this option (level 5: the free minimum). */
  amount: number;
  /** What the owner pays now to move to it (level 5: the least it can cost). */
  supplement: number;
  disabled: boolean;
}

/** Amount of a fixed level (1–4), or the free minimum for level 5. */
export function rewardLevelAmount(level: 1 | 2 | 3 | 4 | 5): number {
  return level === ADDITIONAL_REWARD_MAX_LEVEL
    ? ADDITIONAL_REWARD_FREE_MIN
    : ADDITIONAL_REWARD_LEVEL_AMOUNTS[level as 1 | 2 | 3 | 4];
}

/**
 * The options of the reward page for an announcement that has `current` (docs/product/annonces.md §4): levels at
 * or below the current one are disabled, higher ones cost the difference with the current amount.
 */
export function rewardOptions(current: CurrentReward): RewardOption[] {
  return ([1, 2, 3, 4, 5] as const).map((level) => {
    const amount = rewardLevelAmount(level);
    return {
      level,
      amount,
      supplement: Math.max(0, amount - current.amount),
      disabled: level <= current.level,
    };
  });
}

export type RewardSupplementCheck =
  | { ok: true; level: number; amount: number; supplement: number }
  | {
      ok: false;
      field: 'additionnalRewardLevel' | 'additionnalRewardAmount';
      messageKey: string;
    };

/**
 * Moving from `current` to the chosen level (and free amount for level 5): the new reward, checked
 * and rounded as in the wizard, and the supplement to pay now (the difference, in euros). Only a
 * higher level is allowed; `sentAmount`, when given, must be the new total the server computes.
 */
export function rewardSupplement(
  current: CurrentReward,
  target: { level: number; amount: number | null },
): RewardSupplementCheck {
  const checked = normalizeAdditionalReward(target.level, target.amount);
  if (!checked.ok) return checked;
  if (checked.level <= current.level || checked.amount <= current.amount) {
    return {
      ok: false,
      field: 'additionnalRewardLevel',
      messageKey: PAYMENT_MESSAGE_KEYS.rewardNotHigher,
    };
  }
  return {
    ok: true,
    level: checked.level,
    amount: checked.amount,
    supplement: checked.amount - current.amount,
  };
}

// ---------------------------------------------------------------------------------------------
// Boost

/** One boost option: its length (the option index of the spec, in weeks) and its price in euros. */
export interface BoostOption {
  weeks: number;
  price: number;
}

/**
 * BOOST_OPTIONS from the configuration: "1:9.99,2:18.99,3:25.99" (weeks:price in euros). Weeks are
 * distinct integers from 1 to 52, prices distinct and from 0.50 to 10 000 EUR (the price alone names
 * an option, as the spec's createBoostStripeIntent sends only the amount). Throws on anything else.
 */
export function parseBoostOptions(text: string): BoostOption[] {
  const options = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const match = /^(\d{1,2}):(\d{1,5}(?:\.\d{1,2})?)$/.exec(part);
      if (!match) throw new Error(`"${part}" is not weeks:price`);
      return { weeks: Number(match[1]), price: Number(match[2]) };
    });
  if (options.length < 1 || options.length > 6) throw new Error('1 to 6 boost options');
  for (const option of options) {
    if (option.weeks < 1 || option.weeks > 52) throw new Error('weeks from 1 to 52');
    if (option.price < 0.5 || option.price > 10_000) throw new Error('price from 0.50 to 10000');
  }
  if (new Set(options.map((option) => option.weeks)).size !== options.length) {
    throw new Error('each length once');
  }
  if (new Set(options.map((option) => euroToCents(option.price))).size !== options.length) {
    throw new Error('each price once');
  }
  return options.sort((a, b) => a.weeks - b.weeks);
}

export const BOOST_OPTIONS_DEFAULT: readonly BoostOption[] = DEFAULT_BOOST_OPTIONS;

/** The option of that length, or the one of that price (in cents) when only the amount is known. */
export function findBoostOption(
  options: readonly BoostOption[],
  by: { weeks?: number | null; amountCents?: number | null },
): BoostOption | null {
  return (
    options.find(
      (option) =>
        (by.weeks === undefined || by.weeks === null || option.weeks === by.weeks) &&
        (by.amountCents === undefined ||
          by.amountCents === null ||
          euroToCents(option.price) === by.amountCents),
    ) ?? null
  );
}

/** May an announcement be boosted now: only VALIDATED ones whose boost is over (docs/product/annonces.md §4). */
export function canBoost(annonce: { status: string; boostEndDate: Date | null }, now: Date) {
  return annonce.status === 'VALIDATED' && !isBoostActive(annonce.boostEndDate, now);
}

/**
 * End of a paid boost when it is applied: now plus the weeks. A boost still running (a second
 * payment confirmed by the provider after the first one was applied) is extended from its end, so
 * that no paid week is lost.
 */
export function appliedBoostEnd(currentEnd: Date | null, now: Date, weeks: number): Date {
  const from = isBoostActive(currentEnd, now) && currentEnd ? currentEnd : now;
  return boostEndDate(from, weeks);
}
