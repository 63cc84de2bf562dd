import { and, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  COLORS,
  locationOf,
  normalizeSearchText,
  searchWords,
  type LatLng,
  type SearchCriteria,
  type SearchSort,
} from '@app/domain';
import type { Db } from '../../db/database';
import { annonces } from '../../db/schema/index';

/**
 * The discovery queries over VALIDATED announcements. Every condition below is served by a partial
 * index of migrations 0007 and 0015 (`status = 'VALIDATED'` is written as a literal so the planner
 * can use them): full-text GIN for the words, the filters and the radius' cells together, GiST on
 * ll_to_earth for the radius and the proximity order (KNN), btree for each sort. Nothing here reads
 * the whole table.
 */

/** Rows of a raw query: both drivers (PGlite, node-postgres) answer `{ rows }`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/** The search sorts plus the top announcements' order (boosted, reward, views, recency). */
export type ListOrder = SearchSort | 'TOP';

const position = (point: LatLng) => sql`ll_to_earth(${point.latitude}, ${point.longitude})`;
const theftPosition = sql`ll_to_earth(${annonces.theftLatitude}, ${annonces.theftLongitude})`;
const searchVector = sql.raw('"annonces"."search_vector"');

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
 * What ANALYZE knows of the announcements: how often a lexeme of `search_vector` occurs (0 to 1,
 * from its most common elements; lexemes not listed are rarer than the least common one listed)
 * and about how many rows there are. Null rows: nothing known, no estimate is made.
 */
export interface SearchStatistics {
  frequency(lexeme: string): number;
  rows: number | null;
  /** The words of each vehicle type's name (in the search text): implied by a type filter. */
  typeWords?: ReadonlyMap<number, ReadonlySet<string>>;
}
/** Without statistics (a fresh or tiny database) every lexeme counts as rare. */
export const NO_STATISTICS: SearchStatistics = { frequency: () => 0, rows: null };

const wordsOf = (text: string) => new Set(normalizeSearchText(text).split(' '));
/** The French colour labels the search text holds (migration 0007), as words. */
const COLOR_WORDS = new Map(COLORS.map((color) => [color.value, wordsOf(color.fr)]));

export async function searchStatistics(db: Db): Promise<SearchStatistics> {
  const [row] = await rowsOf<{ elems: string[] | null; freqs: number[] | null; rows: number }>(
    db,
    sql`select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs,
          c.reltuples as rows
        from pg_class c left join pg_stats s on s.schemaname = current_schema()
          and s.tablename = 'annonces' and s.attname = 'search_vector'
        where c.oid = 'annonces'::regclass`,
  );
  if (!row?.elems?.length || !row.freqs || !(Number(row.rows) > 0)) return NO_STATISTICS;
  const listed = new Map(row.elems.map((lexeme, index) => [lexeme, Number(row.freqs![index])]));
  // The array ends with the minimum, maximum and null frequencies: the minimum is the floor.
  const floor = Number(row.freqs[row.elems.length] ?? 0);
  const types = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, name_fr as name from vehicle_types`,
  );
  return {
    frequency: (lexeme) => listed.get(lexeme) ?? floor,
    rows: Number(row.rows),
    typeWords: new Map(types.map((type) => [Number(type.id), wordsOf(type.name)])),
  };
}

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

type FilterGroup = 'type' | 'brand' | 'model' | 'finish' | 'color' | 'energy';

function filterGroups(criteria: SearchCriteria): [FilterGroup, string[]][] {
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

interface SortKey {
  expression: SQL;
  descending: boolean;
}

function sortKeys(order: ListOrder, from: LatLng | null, tieBreakProximity = false): SortKey[] {
  const id = (descending: boolean) => ({ expression: sql`${annonces.id}`, descending });
  const key = (expression: SQL, descending: boolean) => ({ expression, descending });
  const validatedAt = sql`${annonces.validatedAt}`;
  const views = sql`${annonces.nbViews}`;
  const reward = sql`${annonces.additionalRewardLevel}`;
  switch (order) {
    case 'PROXIMITY': {
      // The KNN operator walks the GiST index nearest first. No tie-breaker there: the index order
      // is the only one PostgreSQL can walk without sorting every match in the radius.
      const distance = key(sql`(${theftPosition} <-> ${position(from!)})`, false);
      return tieBreakProximity ? [distance, id(false)] : [distance];
    }
    case 'MOST_RECENT':
      return [key(validatedAt, true), id(true)];
    case 'LEAST_RECENT':
      return [key(validatedAt, false), id(false)];
    case 'MOST_VIEWED':
      return [key(views, true), id(true)];
    case 'LEAST_VIEWED':
      return [key(views, false), id(false)];
    case 'REWARD_DESC':
      return [key(reward, true), key(validatedAt, true), id(true)];
    case 'REWARD_ASC':
      return [key(reward, false), key(validatedAt, false), id(false)];
    case 'TOP':
      return [key(reward, true), key(views, true), key(validatedAt, true), id(true)];
  }
}

export interface ListedAnnonce {
  id: number;
  latitude: number | null;
  longitude: number | null;
  /** Kilometres from the reference position, when one was given. */
  distanceKm: number | null;
}

export interface ListOptions {
  criteria: SearchCriteria;
  order: ListOrder;
  /** Needed by PROXIMITY; also gives each card its distance. */
  from: LatLng | null;
  /** Announcements whose boost is still running first (then the order). */
  boostedFirst: boolean;
  offset: number;
  limit: number;
  now: Date;
  /** What ANALYZE knows (searchStatistics): which filters the GIN index reads, which plan. */
  statistics?: SearchStatistics;
}

function selectedColumns(keys: SortKey[], from: LatLng | null) {
  const distance = from
    ? sql`earth_distance(${position(from)}, ${theftPosition}) / 1000`
    : sql`null::float8`;
  return sql.join(
    [
      sql`${annonces.id} as id`,
      sql`${annonces.theftLatitude} as latitude`,
      sql`${annonces.theftLongitude} as longitude`,
      sql`${distance} as distance_km`,
      ...keys.map((k, index) => sql`${k.expression} as ${sql.raw(`k${index}`)}`),
    ],
    sql`, `,
  );
}

function orderByKeys(keys: SortKey[], qualified: boolean) {
  return sql.join(
    keys.map((k, index) => {
      const expression = qualified ? k.expression : sql.raw(`k${index}`);
      return k.descending ? sql`${expression} desc` : sql`${expression} asc`;
    }),
    sql`, `,
  );
}

const toListed = (row: Record<string, unknown>): ListedAnnonce => ({
  id: Number(row.id),
  latitude: row.latitude === null ? null : Number(row.latitude),
  longitude: row.longitude === null ? null : Number(row.longitude),
  distanceKm: row.distance_km === null ? null : Number(row.distance_km),
});

/**
 * Runs queries with the planner held to one kind of plan: `walk` forbids bitmap scans, sequential
 * scans and sorts (walk a sort index or the GiST nearest-first order, checking each row; measured:
 * without, a nearest-first walk with no radius sorted the whole table), `collect` allows only bitmap
 * scans (the GIN index gathers the matches). PostgreSQL has no statistics for earth boxes and poor ones for
 * combined full-text terms, so left alone it picks either plan at the wrong time (measured: a lossy
 * bitmap over a whole region, 5 s around Paris). Neither ever reads the whole table.
 */
async function withPlan<T>(db: Db, plan: 'walk' | 'collect', work: (tx: Db) => Promise<T>) {
  const off =
    plan === 'walk'
      ? ['enable_bitmapscan', 'enable_seqscan', 'enable_sort']
      : ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan'];
  return db.transaction(async (tx) => {
    // One statement for every setting (a round trip each would cost more than some queries).
    // jit: the estimated costs are high though the scans stop early; compiling would cost more.
    await tx.execute(
      sql`select ${sql.join(
        [...off, 'jit'].map((name) => sql`set_config(${name}, 'off', true)`),
        sql`, `,
      )}`,
    );
    return work(tx as unknown as Db);
  });
}

/**
 * One page by walking the order's index and filtering on the way. With `boostedFirst`,
 * announcements whose boost is still running come first: two index-ordered branches (boosted, then
 * the others), each cut at offset + limit, merged and cut again, so the boost never forces a sort
 * of every match. Cheap when matches are dense along the walk; the caller makes sure they are.
 */
export async function walkAnnonces(
  db: Db,
  options: ListOptions & {
    /**
     * Hold the planner to the walk. Needed when the criteria filter (it could otherwise gather
     * every match of a region in a bitmap); without any, or with only a radius, its own choice is
     * right and saves a transaction.
     */
    forced?: boolean;
  },
): Promise<ListedAnnonce[]> {
  const { criteria, order, from, offset, limit, now } = options;
  const keys = sortKeys(order, from);
  const where = criteriaCondition(criteria);
  const columns = selectedColumns(keys, from);
  let query: SQL;
  if (!options.boostedFirst) {
    query = sql`select ${columns} from ${annonces} where ${where}
          order by ${orderByKeys(keys, true)} offset ${offset} limit ${limit}`;
  } else {
    const reach = offset + limit;
    const at = now.toISOString();
    query = sql`select * from (
            (select ${columns}, 0 as grp from ${annonces}
              where ${where} and ${annonces.boostEndDate} >= ${at}::timestamptz
              order by ${orderByKeys(keys, true)} limit ${reach})
            union all
            (select ${columns}, 1 as grp from ${annonces}
              where ${where} and (${annonces.boostEndDate} is null or ${annonces.boostEndDate} < ${at}::timestamptz)
              order by ${orderByKeys(keys, true)} limit ${reach})
          ) merged
          order by grp, ${orderByKeys(keys, false)} offset ${offset} limit ${limit}`;
  }
  const rows =
    options.forced === false
      ? await rowsOf<Record<string, unknown>>(db, query)
      : await withPlan(db, 'walk', (tx) => rowsOf<Record<string, unknown>>(tx, query));
  return rows.map(toListed);
}

/** The criteria checked on each row a walk visits (all but the radius box the walk stays in). */
function rowCriteria(criteria: SearchCriteria): SQL {
  // Cheapest first: AND stops at the first false one, and the words cost the most to check.
  const conditions = [
    ...filterGroups(criteria).map(([group]) => filterColumnCondition(criteria, group, true)),
    ...fiscalPowerConditions(criteria),
    exactDistanceCondition(criteria),
    fullTextCondition(searchWords(criteria.researchText), null),
  ].filter((condition): condition is SQL => condition !== undefined);
  return conditions.length > 0 ? and(...conditions)! : sql`true`;
}

/** Rows a bounded walk may visit before it gives up (see boundedWalk). */
export const WALK_BUDGET = 5_000;

/**
 * The first `reach` matches in the order (no boosted branch), visiting at most `budget` rows of
 * the order's index (the GiST nearest-first order inside the radius box for PROXIMITY). `exhausted`
 * tells that the budget ran out before `reach` matches: the matches were sparser than estimated.
 * Otherwise fewer than `reach` matches means there are no more.
 */
export async function boundedWalk(
  db: Db,
  options: ListOptions & { reach: number; budget?: number },
): Promise<{ items: ListedAnnonce[]; exhausted: boolean }> {
  const { criteria, order, from, reach } = options;
  const budget = options.budget ?? WALK_BUDGET;
  const keys = sortKeys(order, from);
  const location = locationOf(criteria);
  const box = location
    ? sql`and earth_box(${position(location)}, ${location.radiusKm * 1000}) @> ${theftPosition}`
    : sql``;
  // row_number() over the index order stops the scan at the budget (a run condition), and the
  // limit stops it at `reach` matches: no sort, no more rows read than needed.
  const query = sql`select * from (
        select ${selectedColumns(keys, from)}, (${rowCriteria(criteria)}) as ok,
          row_number() over (order by ${orderByKeys(keys, true)}) as visited
        from ${annonces} where ${annonces.status} = 'VALIDATED' ${box}
        order by ${orderByKeys(keys, true)}) walked
      where visited <= ${budget} and (ok or visited = ${budget})
      order by ${orderByKeys(keys, false)} limit ${reach + 1}`;
  const rows = await withPlan(db, 'walk', (tx) => rowsOf<Record<string, unknown>>(tx, query));
  const matches = rows.filter((row) => row.ok === true || row.ok === 't');
  return {
    items: matches.slice(0, reach).map(toListed),
    exhausted: matches.length < reach && rows.some((row) => Number(row.visited) === budget),
  };
}

/** Candidates the GIN index may hand to a collect before it gives up for a walk. */
export const COLLECT_CANDIDATES = 5_000;

/** The columns a collect keeps of each candidate: what filters, sorts and positions read. */
const CANDIDATE_COLUMNS = sql.raw(
  [
    'id',
    'status',
    'theft_latitude',
    'theft_longitude',
    'validated_at',
    'nb_views',
    'additional_reward_level',
    'boost_end_date',
    'fiscal_power',
    'vehicle_type_id',
    'brand_id',
    'model_id',
    'model_finish_id',
    'color',
    'energy',
    'search_vector',
  ]
    .map((column) => `"${column}"`)
    .join(', '),
);

/**
 * One page by collecting candidates through the GIN index (words, rare filters, radius cells), at
 * most `candidates` of them, checking the other criteria on those and sorting the matches. Answers
 * the page and the exact number of matches; null when the index had more candidates than that
 * (the caller walks instead: so many candidates make matches dense enough along a walk); undefined
 * when nothing in the criteria narrows through the GIN index.
 */
export async function collectAnnonces(
  db: Db,
  options: ListOptions & { candidates?: number },
): Promise<{ items: ListedAnnonce[]; total: number } | null | undefined> {
  const { criteria, order, from, offset, limit, now } = options;
  const most = options.candidates ?? COLLECT_CANDIDATES;
  const where = fullTextCriteriaCondition(criteria, options.statistics);
  if (!where) return undefined;
  const keys = sortKeys(order, from, true);
  const boosted = options.boostedFirst
    ? sql`case when ${annonces.boostEndDate} >= ${now.toISOString()}::timestamptz then 0 else 1 end`
    : sql`0`;
  // The CTE is named like the table so that the conditions (written on annonces) read it.
  const query = sql`with ${annonces} as materialized (
        select ${CANDIDATE_COLUMNS} from ${annonces} where ${where.index} limit ${most + 1})
      select counts.candidates, counts.total, page.* from
        (select (select count(*) from ${annonces})::int as candidates,
                (select count(*) from ${annonces} where ${where.rows})::int as total) counts
        left join lateral (select ${selectedColumns(keys, from)}, ${boosted} as grp from ${annonces}
          where ${where.rows} order by grp, ${orderByKeys(keys, true)}
          offset ${offset} limit ${limit}) page on true
      order by page.grp, ${orderByKeys(keys, false)}`;
  const rows = await withPlan(db, 'collect', (tx) => rowsOf<Record<string, unknown>>(tx, query));
  const counts = rows[0];
  if (!counts || Number(counts.candidates) > most) return null;
  return {
    items: rows.filter((row) => row.id !== null).map(toListed),
    total: Number(counts.total),
  };
}

/** How many announcements match, counted exactly up to `cap`. */
export async function countAnnonces(
  db: Db,
  criteria: SearchCriteria,
  cap: number,
  statistics: SearchStatistics = NO_STATISTICS,
): Promise<number> {
  const fullText = fullTextCriteriaCondition(criteria, statistics);
  const count = (where: SQL) =>
    sql`select count(*)::int as n from (select 1 from ${annonces} where ${where} limit ${cap}) capped`;
  const [row] = fullText
    ? await withPlan(db, 'collect', (tx) =>
        rowsOf<{ n: number }>(tx, count(and(fullText.index, fullText.rows)!)),
      )
    : await withPlan(db, 'walk', (tx) =>
        rowsOf<{ n: number }>(tx, count(criteriaCondition(criteria))),
      );
  return Number(row?.n ?? 0);
}

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

/**
 * The counter migration 0016 moves whenever an announcement enters or leaves what the lists show
 * (validation, withdrawal, boost, searchable fields): cached home lists compare it.
 */
export async function discoveryGeneration(db: Db): Promise<string> {
  const [row] = await rowsOf<{ generation: string }>(
    db,
    sql`select last_value::text || ':' || is_called::text as generation from discovery_generation`,
  );
  return row?.generation ?? '';
}

/**
 * What a cached home of this user depends on beyond the lists, read in one query: the discovery
 * generation, the user's alerts (count and newest id: alerts are created and deleted, never edited)
 * and, among the given announcements, the user's favourites and the ones they have seen.
 */
export async function homeStamp(db: Db, userId: number, annonceIds: readonly number[]) {
  const ids = sql`array[${sql.join(
    annonceIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const [row] = await rowsOf<{
    generation: string;
    alerts: string;
    favourites: number[] | null;
    seen: number[] | null;
  }>(
    db,
    sql`select
        (select last_value::text || ':' || is_called::text from discovery_generation) as generation,
        (select count(*)::text || ':' || coalesce(max(id), 0)::text from saved_searches
          where user_id = ${userId}) as alerts,
        (select array_agg(annonce_id) from favourites
          where user_id = ${userId} and annonce_id = any(${ids})) as favourites,
        (select array_agg(annonce_id) from annonce_views
          where user_id = ${userId} and annonce_id = any(${ids})) as seen`,
  );
  return {
    generation: row?.generation ?? '',
    alerts: row?.alerts ?? '',
    favourites: new Set((row?.favourites ?? []).map(Number)),
    seen: new Set((row?.seen ?? []).map(Number)),
  };
}

/** Activated vehicle types that have at least one VALIDATED announcement, in display order. */
export async function vehicleTypesWithAnnonces(db: Db) {
  return rowsOf<{ id: number; nameFr: string; nameEn: string }>(
    db,
    sql`select vt.id, vt.name_fr as "nameFr", vt.name_en as "nameEn" from vehicle_types vt
        where vt.activated and exists (select 1 from ${annonces}
          where ${annonces.vehicleTypeId} = vt.id and ${annonces.status} = 'VALIDATED')
        order by vt.position, vt.id`,
  );
}
