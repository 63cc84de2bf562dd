/**
 * What a watcher earns when the vehicle their match pointed to is returned (docs/product/founders-decisions.md "watcher's
 * money on a FINISHED match"): the announcement's additional reward plus a base bonus. A vehicle
 * returned burnt out or unrepairable owes nothing (docs/product/annonces.md §1), so its watcher earns no money
 * (the lampions still count).
 */
export const WATCHER_BASE_BONUS_LICENSED = 100;
export const WATCHER_BASE_BONUS_UNLICENSED = 50;

export function watcherMoney(input: {
  isLicensed: boolean;
  additionalRewardAmount: number;
  destroyed: boolean;
}): number {
  if (input.destroyed) return 0;
  const bonus = input.isLicensed ? WATCHER_BASE_BONUS_LICENSED : WATCHER_BASE_BONUS_UNLICENSED;
  return Math.max(0, input.additionalRewardAmount) + bonus;
}
