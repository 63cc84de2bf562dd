/**
 * Prices of docs/product/annonces.md §9 and docs/product/founders-decisions.md. Publishing is a payment promise: the price is owed only
 * when the vehicle is found (and not when it is burnt out or unrepairable).
 */

/** Euros owed when a licensed (registered) vehicle is found. */
export const LICENSED_ANNONCE_PRICE = 300;
/** Euros owed when any other vehicle is found. */
export const UNLICENSED_ANNONCE_PRICE = 150;

export function annoncePrice(isLicensed: boolean): number {
  return isLicensed ? LICENSED_ANNONCE_PRICE : UNLICENSED_ANNONCE_PRICE;
}

/** Additional reward levels 1 to 4 with their fixed amounts; level 5 is a free amount. */
export const ADDITIONAL_REWARD_LEVEL_AMOUNTS: Readonly<Record<1 | 2 | 3 | 4, number>> = {
  1: 200,
  2: 500,
  3: 800,
  4: 1100,
};
export const ADDITIONAL_REWARD_MAX_LEVEL = 5;
/** The 5-star free amount: at least this many euros (docs/product/founders-decisions.md), integers, rounded up. */
export const ADDITIONAL_REWARD_FREE_MIN = 1400;
/** Upper bound so that a typo cannot promise a fortune (and the amount fits the column). */
export const ADDITIONAL_REWARD_FREE_MAX = 1_000_000;

export type RewardCheck =
  | { ok: true; level: number; amount: number }
  | { ok: false; field: 'additionnalRewardLevel' | 'additionnalRewardAmount'; messageKey: string };

/**
 * The reward a user chose, checked and normalised: level 0 means none (amount 0), levels 1–4 have
 * their fixed amount whatever was sent, level 5 needs a free amount of at least 1400 EUR, rounded up.
 */
export function normalizeAdditionalReward(level: number, amount: number | null): RewardCheck {
  if (!Number.isInteger(level) || level < 0 || level > ADDITIONAL_REWARD_MAX_LEVEL) {
    return {
      ok: false,
      field: 'additionnalRewardLevel',
      messageKey: 'annonce.additionnalRewardLevel.invalidFeedBack',
    };
  }
  if (level === 0) return { ok: true, level, amount: 0 };
  if (level < ADDITIONAL_REWARD_MAX_LEVEL) {
    return {
      ok: true,
      level,
      amount: ADDITIONAL_REWARD_LEVEL_AMOUNTS[level as 1 | 2 | 3 | 4],
    };
  }
  const free = amount === null || !Number.isFinite(amount) ? Number.NaN : Math.ceil(amount);
  if (!(free >= ADDITIONAL_REWARD_FREE_MIN) || free > ADDITIONAL_REWARD_FREE_MAX) {
    return {
      ok: false,
      field: 'additionnalRewardAmount',
      messageKey: 'additional.reward.free.min',
    };
  }
  return { ok: true, level, amount: free };
}

/** What the payment summary shows (§2 "Payment summary") for the announcements in the basket. */
export interface PaymentSummary {
  totalAnnonces: number;
  licensed: number;
  unlicensed: number;
  /** Sum of the additional rewards, euros. */
  additionalRewards: number;
  /** Prices plus additional rewards, euros: what is owed if every vehicle is found. */
  total: number;
}

export function paymentSummary(
  annonces: readonly { isLicensed: boolean; additionalRewardAmount: number }[],
): PaymentSummary {
  const licensed = annonces.filter((annonce) => annonce.isLicensed).length;
  const additionalRewards = annonces.reduce(
    (sum, annonce) => sum + annonce.additionalRewardAmount,
    0,
  );
  const prices = annonces.reduce((sum, annonce) => sum + annoncePrice(annonce.isLicensed), 0);
  return {
    totalAnnonces: annonces.length,
    licensed,
    unlicensed: annonces.length - licensed,
    additionalRewards,
    total: prices + additionalRewards,
  };
}

/** Boost options (docs/product/founders-decisions.md): served by the server, these are the defaults. */
export const DEFAULT_BOOST_OPTIONS: readonly { weeks: 1 | 2 | 3; price: number }[] = [
  { weeks: 1, price: 9.99 },
  { weeks: 2, price: 18.99 },
  { weeks: 3, price: 25.99 },
];

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** End of a boost bought now (§4 "Boost"): now plus the option's weeks. */
export function boostEndDate(now: Date, weeks: number): Date {
  return new Date(now.getTime() + weeks * WEEK_MS);
}

/** A boost is valid while now is not after its end date. */
export function isBoostActive(boostEndDate: Date | null, now: Date): boolean {
  return boostEndDate !== null && now.getTime() <= boostEndDate.getTime();
}
