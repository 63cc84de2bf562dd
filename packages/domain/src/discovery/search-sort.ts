import type { LocalizedOption } from '../reference/localized';

/**
 * The sort enumeration of docs/product/discovery.md §3, in the order the radio list shows it. Ties are broken by
 * the announcement id so that offset paging never repeats or skips a card.
 */
export const SEARCH_SORTS = [
  { value: 'PROXIMITY', fr: 'Proximité', en: 'Proximity' },
  { value: 'MOST_RECENT', fr: 'Plus récentes', en: 'Most recent' },
  { value: 'LEAST_RECENT', fr: 'Plus anciennes', en: 'Oldest' },
  { value: 'MOST_VIEWED', fr: 'Plus vues', en: 'Most viewed' },
  { value: 'LEAST_VIEWED', fr: 'Moins vues', en: 'Least viewed' },
  { value: 'REWARD_DESC', fr: 'Récompense de 5 à 1 étoiles', en: 'Reward, 5 to 1 stars' },
  { value: 'REWARD_ASC', fr: 'Récompense de 1 à 5 étoiles', en: 'Reward, 1 to 5 stars' },
] as const satisfies readonly LocalizedOption[];

export type SearchSort = (typeof SEARCH_SORTS)[number]['value'];
export const SEARCH_SORT_VALUES = SEARCH_SORTS.map((sort) => sort.value) as [
  SearchSort,
  ...SearchSort[],
];

/**
 * Boosted announcements (boost end date still ahead) come first in the sorts a boost is paid for:
 * the "best first" ones. Not in PROXIMITY (distance is what the user asked for) nor in the ascending
 * sorts (the user explicitly asked for the oldest, least seen or smallest reward first).
 */
export const BOOSTED_FIRST_SORTS: readonly SearchSort[] = [
  'MOST_RECENT',
  'MOST_VIEWED',
  'REWARD_DESC',
];

export function sortPutsBoostedFirst(sort: SearchSort): boolean {
  return BOOSTED_FIRST_SORTS.includes(sort);
}

/**
 * The default sort (docs/product/discovery.md §9: PROXIMITY and MOST_RECENT): by proximity when a position is
 * known, else the most recent first. PROXIMITY asked without any position falls back to MOST_RECENT.
 */
export function effectiveSort(
  requested: SearchSort | null | undefined,
  hasPosition: boolean,
): SearchSort {
  const sort = requested ?? (hasPosition ? 'PROXIMITY' : 'MOST_RECENT');
  return sort === 'PROXIMITY' && !hasPosition ? 'MOST_RECENT' : sort;
}
