import { locationOf, searchWords, type SearchCriteria } from '@app/domain';
import type { Db } from '../../db/database';
import { coveringCells, filterGroups, fullTextCriteriaCondition } from './search-conditions';
import type { ListedAnnonce, ListOptions } from './search-order';
import {
  boundedWalk,
  COLLECT_CANDIDATES,
  collectAnnonces,
  countAnnonces,
  WALK_BUDGET,
  walkAnnonces,
} from './search-plans';
import { COLOR_WORDS, NO_STATISTICS, type SearchStatistics } from './search-statistics';

/**
 * The share of announcements that match the words and filters (not the radius), from the
 * statistics, terms taken as independent except words that every selected type or colour names
 * (a "scooter" search filtered on scooters): null when nothing is known.
 */
export function estimatedDensity(criteria: SearchCriteria, statistics: SearchStatistics) {
  if (statistics.rows === null) return null;
  const { frequency } = statistics;
  const namedByTypes = (word: string) =>
    criteria.vehicleTypeIds.length > 0 &&
    criteria.vehicleTypeIds.every((id) => statistics.typeWords?.get(id)?.has(word) ?? false);
  const namedByColors = (word: string) =>
    criteria.colors.length > 0 &&
    criteria.colors.every((color) => COLOR_WORDS.get(color)?.has(word) ?? false);
  let share = 1;
  for (const word of searchWords(criteria.researchText)) {
    if (!namedByTypes(word) && !namedByColors(word)) share *= frequency(word);
  }
  for (const [, tokens] of filterGroups(criteria)) {
    share *= Math.min(
      1,
      tokens.reduce((sum, token) => sum + frequency(token), 0),
    );
  }
  return share;
}

/** About how many announcements match (the radius included), or null when nothing is known. */
export function estimatedMatches(criteria: SearchCriteria, statistics: SearchStatistics) {
  const density = estimatedDensity(criteria, statistics);
  if (density === null || statistics.rows === null) return null;
  const location = locationOf(criteria);
  const cells = location ? coveringCells(location) : null;
  const { frequency } = statistics;
  // The circle fills about half of the cells that cover it.
  const area = cells
    ? Math.min(
        1,
        cells.reduce((sum, cell) => sum + frequency(cell), 0),
      ) / 2
    : 1;
  return density * area * statistics.rows;
}

/** Estimated matches above this many times the candidates a collect takes: no collect. */
const DENSE_FACTOR = 3;

/**
 * One page and the number of matches up to `cap` (null: more than that).
 * 1. Matches estimated dense along the order (the statistics): a walk bounded by WALK_BUDGET rows
 *    reads the page and up to cap + 1 matches to count. Sparser than estimated: go on with 2.
 * 2. Collect the matches through the GIN index (at most COLLECT_CANDIDATES candidates) and sort
 *    them, unless they are estimated far more than that.
 * 3. Too many candidates, or nothing for the GIN index to narrow: walk the order's index again
 *    (the candidates are many, so matches come often), bounded by 10 x WALK_BUDGET rows; beyond,
 *    collect every candidate. Without any criterion: walk, and count apart (index only).
 */
export async function findAnnonces(
  db: Db,
  options: ListOptions & { cap: number; withTotal: boolean; candidates?: number },
): Promise<{ items: ListedAnnonce[]; total: number | null }> {
  const { criteria, order, cap, offset, limit } = options;
  const statistics = options.statistics ?? NO_STATISTICS;
  const candidates = options.candidates ?? COLLECT_CANDIDATES;
  const noFilter =
    searchWords(criteria.researchText).length === 0 &&
    filterGroups(criteria).length === 0 &&
    criteria.minFiscalPower === null &&
    criteria.maxFiscalPower === null;
  const noCriterion = noFilter && locationOf(criteria) === null;
  const walk = (overrides: Partial<ListOptions> = {}) =>
    walkAnnonces(db, { ...options, ...overrides, forced: !noCriterion });
  const capped = (counted: number) => (counted > cap ? null : counted);
  const reach = options.withTotal ? Math.max(cap + 1, offset + limit) : offset + limit;
  // A walk's first matches in the order: the page, and their number as the total. With the
  // boosted first, the page is walked again in that order (two branches).
  const fromWalk = async (matches: ListedAnnonce[]) => ({
    items: options.boostedFirst ? await walk() : matches.slice(offset, offset + limit),
    total: options.withTotal ? capped(matches.length) : null,
  });

  // Nearest first with a radius only and no total wanted (the home's close section): the walk
  // stays inside the radius box and meets a match at every row.
  if (noFilter && order === 'PROXIMITY' && !options.withTotal) {
    return { items: await walk(), total: null };
  }
  const density = noCriterion ? null : estimatedDensity(criteria, statistics);
  let walkedTooFar = false;
  if (density !== null && density * WALK_BUDGET >= reach) {
    const walked = await boundedWalk(db, { ...options, reach });
    if (!walked.exhausted) return fromWalk(walked.items);
    walkedTooFar = true;
  }
  // The candidates the GIN index would hand over: far more than a collect takes, skip it.
  const indexed = noCriterion ? null : fullTextCriteriaCondition(criteria, statistics);
  const expected =
    indexed && statistics.rows !== null ? indexed.indexedShare * statistics.rows : null;
  if (indexed && (walkedTooFar || expected === null || expected <= DENSE_FACTOR * candidates)) {
    const collected = await collectAnnonces(db, { ...options, statistics, candidates });
    if (collected) return { items: collected.items, total: capped(collected.total) };
  }
  if (noCriterion) {
    const items = await walk();
    if (!options.withTotal) return { items, total: null };
    return { items, total: capped(await countAnnonces(db, criteria, cap + 1, statistics)) };
  }
  // Many candidates: matches come often along the order, unless the statistics say they are
  // sparse. Still bounded, and if they do not, every candidate is collected after all.
  if (walkedTooFar || density === null || density * 10 * WALK_BUDGET >= 2 * reach) {
    const walked = await boundedWalk(db, { ...options, reach, budget: 10 * WALK_BUDGET });
    if (!walked.exhausted) return fromWalk(walked.items);
  }
  const collected = await collectAnnonces(db, {
    ...options,
    statistics,
    candidates: 1_000_000_000,
  });
  return collected
    ? { items: collected.items, total: capped(collected.total) }
    : fromWalk((await boundedWalk(db, { ...options, reach, budget: 1_000_000_000 })).items);
}
