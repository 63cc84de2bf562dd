import { and, gte, lte, sql, type SQL } from 'drizzle-orm';
import { locationOf, searchWords, type SearchCriteria } from '@app/domain';
import { annonces } from '../../db/schema/index';
import { position, searchVector, theftPosition } from './search-sql';
import { NO_STATISTICS, type SearchStatistics } from './search-statistics';

/**
 * The search criteria as SQL conditions over VALIDATED announcements: the column form a walk checks
 * on each row, the full-text form a collect reads through the GIN index. Every condition is served
 * by a partial index of migrations 0007 and 0015 (`status = 'VALIDATED'` is written as a literal
 * so the planner can use them): full-text GIN for the words, the filters and the radius' cells
 * together, GiST on ll_to_earth for the radius and the proximity order (KNN), btree for each sort.
 * No discovery query reads the whole table.
 */

/**
 * Grid steps (degrees) of the cell tokens that migration 0015 writes into `search_vector`
 * ('cell<level>:<floor(lat/step)>:<floor(lng/step)>'), finest first. Keep both in step.
 */
export const GRID_STEPS = [0.05, 0.2, 0.5, 2] as const;
/** A radius is narrowed by at most this many cells (an OR in the full-text query). */
const MAX_CELLS = 16;
/** Kilometres per degree of latitude on the sphere earthdistance uses (radius 6378.168 km). */
const KM_PER_DEGREE = (2 * Math.PI * 6378.168) / 360;

/**
 * The cells of the finest grid that cover the radius with at most MAX_CELLS cells, or null when
 * none does (then only the exact distance filters). A superset: the exact distance still decides.
 */
export function coveringCells(location: {
  latitude: number;
  longitude: number;
  radiusKm: number;
}): string[] | null {
  // 2 % margin, and the longitude span taken at the latitude farthest from the equator.
  const latSpan = (location.radiusKm / KM_PER_DEGREE) * 1.02;
  const farthest = Math.min(89, Math.abs(location.latitude) + latSpan);
  const lngSpan = Math.min(180, latSpan / Math.cos((farthest * Math.PI) / 180));
  for (const [level, step] of GRID_STEPS.entries()) {
    const i0 = Math.floor((location.latitude - latSpan) / step);
    const i1 = Math.floor((location.latitude + latSpan) / step);
    const j0 = Math.floor((location.longitude - lngSpan) / step);
    const j1 = Math.floor((location.longitude + lngSpan) / step);
    if ((i1 - i0 + 1) * (j1 - j0 + 1) > MAX_CELLS) continue;
    const cells: string[] = [];
    for (let i = i0; i <= i1; i += 1)
      for (let j = j0; j <= j1; j += 1) cells.push(`cell${level}:${i}:${j}`);
    return cells;
  }
  return null;
}

/** Lexemes we write ourselves: letters, digits, ':' and '-' only, so quoting them is safe. */
const TOKEN = /^[A-Za-z0-9:-]+$/;

/**
 * A filter list (or the radius' cells) as an OR of tokens, read through the GIN index only when
 * its tokens are rare enough: the index reads every entry of each token it is given, so a broad
 * one (a colour of a quarter of the announcements, the cells of a dense region) costs more there
 * than checking it on the few rows the other terms leave.
 */
const FILTER_GROUP_MAX_FREQUENCY = 0.3;
const CELLS_MAX_FREQUENCY = 0.05;
/** Entries the GIN index reads for one query, as a share of the rows (see the terms' order). */
const GIN_ENTRIES_SHARE = 0.45;

export type FilterGroup = 'type' | 'brand' | 'model' | 'finish' | 'color' | 'energy';

export function filterGroups(criteria: SearchCriteria): [FilterGroup, string[]][] {
  const groups: [FilterGroup, string[]][] = [
    ['type', criteria.vehicleTypeIds.map((id) => `type:${id}`)],
    ['brand', criteria.brandIds.map((id) => `brand:${id}`)],
    ['model', criteria.modelIds.map((id) => `model:${id}`)],
    ['finish', criteria.modelFinishIds.map((id) => `finish:${id}`)],
    ['color', criteria.colors.map((color) => `color:${color}`)],
    ['energy', criteria.energies.map((energy) => `energy:${energy}`)],
  ];
  return groups.filter(([, tokens]) => tokens.length > 0);
}

const orGroup = (tokens: readonly string[]) => {
  for (const token of tokens) {
    if (!TOKEN.test(token)) throw new Error(`unexpected search token ${token}`);
  }
  return tokens.length === 1
    ? `'${tokens[0]}'`
    : `(${tokens.map((token) => `'${token}'`).join(' | ')})`;
};

/** The full-text condition of the words and, when given, of the filter tokens. */
function fullTextCondition(words: readonly string[], tokens: string | null): SQL | undefined {
  // Whole words (GIN fast scan; a prefix match costs a partial scan of the index). Words are
  // letters and digits only (normalised), so the query text cannot carry operators.
  const text = words.length > 0 ? sql`to_tsquery('simple', ${words.join(' & ')})` : null;
  const filters = tokens !== null ? sql`${tokens}::tsquery` : null;
  if (text && filters) return sql`${searchVector} @@ (${text} && ${filters})`;
  if (text) return sql`${searchVector} @@ ${text}`;
  if (filters) return sql`${searchVector} @@ ${filters}`;
  return undefined;
}

/** The exact radius filter, without the box the GiST index serves (the GIN cells narrow instead). */
function exactDistanceCondition(criteria: SearchCriteria): SQL | undefined {
  const location = locationOf(criteria);
  if (!location) return undefined;
  return sql`earth_distance(${position(location)}, ${theftPosition}) <= ${location.radiusKm * 1000}`;
}

/** Column conditions that no token carries: fiscal power bounds. */
function fiscalPowerConditions(criteria: SearchCriteria): (SQL | undefined)[] {
  return [
    criteria.minFiscalPower !== null
      ? gte(annonces.fiscalPower, criteria.minFiscalPower)
      : undefined,
    criteria.maxFiscalPower !== null
      ? lte(annonces.fiscalPower, criteria.maxFiscalPower)
      : undefined,
  ];
}

/** A filter list as a column condition; `indexable` false keeps btree indexes out of the plan. */
function filterColumnCondition(
  criteria: SearchCriteria,
  group: FilterGroup,
  indexable: boolean,
): SQL | undefined {
  const integerColumn = (column: SQL, ids: number[]) =>
    ids.length === 0
      ? undefined
      : indexable
        ? sql`${column} in ${ids}`
        : sql`(${column} + 0) in ${ids}`;
  const textColumn = (column: SQL, values: string[]) =>
    values.length === 0 ? undefined : sql`${column} in ${values}`;
  switch (group) {
    case 'type':
      return integerColumn(sql`${annonces.vehicleTypeId}`, criteria.vehicleTypeIds);
    case 'brand':
      return integerColumn(sql`${annonces.brandId}`, criteria.brandIds);
    case 'model':
      return integerColumn(sql`${annonces.modelId}`, criteria.modelIds);
    case 'finish':
      return integerColumn(sql`${annonces.modelFinishId}`, criteria.modelFinishIds);
    case 'color':
      return textColumn(sql`${annonces.color}`, criteria.colors);
    case 'energy':
      return textColumn(sql`${annonces.energy}`, criteria.energies);
  }
}

/**
 * The criteria as column conditions, for a walk along a sort index (or the GiST index: the radius
 * box) that checks each visited row.
 */
export function criteriaCondition(criteria: SearchCriteria): SQL {
  const conditions: (SQL | undefined)[] = [sql`${annonces.status} = 'VALIDATED'`];
  conditions.push(fullTextCondition(searchWords(criteria.researchText), null));
  for (const [group] of filterGroups(criteria)) {
    conditions.push(filterColumnCondition(criteria, group, true));
  }
  conditions.push(...fiscalPowerConditions(criteria));
  const location = locationOf(criteria);
  if (location) {
    // earth_box is a superset served by the GiST index; earth_distance makes it exact.
    conditions.push(
      sql`earth_box(${position(location)}, ${location.radiusKm * 1000}) @> ${theftPosition}`,
      exactDistanceCondition(criteria),
    );
  }
  return and(...conditions)!;
}

/**
 * The same criteria for collecting matches through the GIN index: `index`, the words and those
 * filter lists and radius cells rare enough to pay for their index entries, in one full-text query;
 * `rows`, the rest, checked on the rows the index returns (written so that no other index joins
 * in). Null when nothing narrows through the GIN index.
 */
export function fullTextCriteriaCondition(
  criteria: SearchCriteria,
  statistics: SearchStatistics = NO_STATISTICS,
): { index: SQL; rows: SQL; indexedShare: number } | null {
  const { frequency } = statistics;
  const groupFrequency = (tokens: readonly string[]) =>
    Math.min(
      1,
      tokens.reduce((sum, token) => sum + frequency(token), 0),
    );
  // Every term the index may read, rarest first: words, filter lists, the radius' cells.
  const words = searchWords(criteria.researchText);
  const location = locationOf(criteria);
  const cells = location ? coveringCells(location) : null;
  type Term = { frequency: number; word?: string; tokens?: string[]; group?: FilterGroup };
  const terms: Term[] = [
    ...words.map((word) => ({ frequency: frequency(word), word })),
    ...filterGroups(criteria).map(([group, tokens]) => ({
      frequency: groupFrequency(tokens),
      tokens,
      group,
    })),
    ...(cells ? [{ frequency: groupFrequency(cells), tokens: cells }] : []),
  ].sort((p, q) => p.frequency - q.frequency);
  // The index reads every entry of each term it is given: terms are taken rarest first while
  // they are rare and their entries together stay within GIN_ENTRIES_SHARE of the rows.
  const rareWords: string[] = [];
  const broadWords: string[] = [];
  const indexed: string[] = [];
  const checked: (SQL | undefined)[] = [];
  let entries = 0;
  let indexedShare = 1;
  for (const term of terms) {
    const isCells = term.tokens !== undefined && term.group === undefined;
    const limit = isCells ? CELLS_MAX_FREQUENCY : FILTER_GROUP_MAX_FREQUENCY;
    const taken =
      term.frequency <= limit && (entries === 0 || entries + term.frequency <= GIN_ENTRIES_SHARE);
    if (taken) {
      entries += term.frequency;
      indexedShare *= term.frequency;
    }
    if (term.word !== undefined) (taken ? rareWords : broadWords).push(term.word);
    else if (taken) indexed.push(orGroup(term.tokens!));
    else if (term.group) checked.push(filterColumnCondition(criteria, term.group, false));
  }
  // Words left out are checked on the rows, with the function form of @@ that no index serves.
  if (broadWords.length > 0) {
    checked.push(
      sql`ts_match_vq(${searchVector}, to_tsquery('simple', ${broadWords.join(' & ')}))`,
    );
  }
  const fullText = fullTextCondition(rareWords, indexed.length > 0 ? indexed.join(' & ') : null);
  if (!fullText) return null;
  const rowConditions = [
    ...checked,
    ...fiscalPowerConditions(criteria),
    exactDistanceCondition(criteria),
  ].filter((condition): condition is SQL => condition !== undefined);
  return {
    index: and(sql`${annonces.status} = 'VALIDATED'`, fullText)!,
    rows: rowConditions.length > 0 ? and(...rowConditions)! : sql`true`,
    /** The share of rows the index part is expected to return (terms taken as independent). */
    indexedShare,
  };
}

/** The criteria checked on each row a walk visits (all but the radius box the walk stays in). */
export function rowCriteria(criteria: SearchCriteria): SQL {
  // Cheapest first: AND stops at the first false one, and the words cost the most to check.
  const conditions = [
    ...filterGroups(criteria).map(([group]) => filterColumnCondition(criteria, group, true)),
    ...fiscalPowerConditions(criteria),
    exactDistanceCondition(criteria),
    fullTextCondition(searchWords(criteria.researchText), null),
  ].filter((condition): condition is SQL => condition !== undefined);
  return conditions.length > 0 ? and(...conditions)! : sql`true`;
}
