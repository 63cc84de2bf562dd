import { and, sql, type SQL } from 'drizzle-orm';
import { locationOf, type SearchCriteria } from '@app/domain';
import type { Db } from '../../db/database';
import { annonces } from '../../db/schema/index';
import { criteriaCondition, fullTextCriteriaCondition, rowCriteria } from './search-conditions';
import {
  orderByKeys,
  selectedColumns,
  sortKeys,
  toListed,
  type ListedAnnonce,
  type ListOptions,
} from './search-order';
import { position, rowsOf, theftPosition } from './search-sql';
import { NO_STATISTICS, type SearchStatistics } from './search-statistics';

/**
 * The plans a search runs: walk the order's index checking each row (walkAnnonces, boundedWalk),
 * or collect the matches through the GIN index and sort them (collectAnnonces); and the count.
 * search-plan-choice.ts picks one.
 */

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
