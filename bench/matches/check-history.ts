import type pg from 'pg';

/** Checks a national service holds after a few months: 20 per user of the generated set. */
const HISTORY_CHECKS_PER_USER = 20;
/** Lampions earned by those checks, at most this many per user: far from a new level (100). */
const HISTORY_MAX_EARNED_PER_USER = 40;
const HISTORY_DAYS = 90;
/**
 * Nothing in the history is newer than this: every window of the check (10 minutes and a day for
 * the rate limits, a day for the walk of a masked identifier) starts empty for the benchmark's own
 * watchers, whose rows newer than it are the runs' own and are dropped between runs.
 */
export const HISTORY_ENDS = "interval '2 days'";

/**
 * The checks and lampions of the months before the benchmark, written once into the benchmark's
 * database (the discovery generator leaves both tables empty).
 *
 * Why: with the tables empty when a run began, PostgreSQL planned the check function's counts
 * (identifier_checks by user and by masked prefix, lampion_events by user) as sequential scans
 * of an empty table; PL/pgSQL keeps such a plan for the connection's life, so every check of the
 * run scanned the whole growing table, and the benchmark measured that instead of a production
 * table's index probes (bench/results/matches-2026-12-02.md).
 */
export async function ensureCheckHistory(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ users: number; history: number }>(
    `select (select count(*)::int from users) as users,
       (select count(*)::int from identifier_checks
         where created_at < now() - ${HISTORY_ENDS}) as history`,
  );
  const { users, history } = rows[0]!;
  if (history >= (users * HISTORY_CHECKS_PER_USER) / 2) return;
  const started = Date.now();
  await client.query(
    `insert into identifier_checks (user_id, identifier_type, identifier, annonce_id, outcome,
       is_text, lampions_gained, created_at)
     select u.id, 'LICENCE_PLATE', plate, null, 'MISS', true, 0,
       now() - ${HISTORY_ENDS} - random() * interval '${HISTORY_DAYS} days'
     from users u,
       lateral (select chr(65 + (random() * 25)::int) || chr(65 + (random() * 25)::int)
                  || lpad((random() * 999)::int::text, 3, '0')
                  || chr(65 + (random() * 25)::int) || chr(65 + (random() * 25)::int) as plate
                from generate_series(1, $1) where u.id is not null) p`,
    [HISTORY_CHECKS_PER_USER],
  );
  await client.query(
    `insert into lampion_events (user_id, kind, points, day, created_at)
     select u.id, 'IDENTIFIER_CHECK', 1, to_char(at, 'YYYY-MM-DD'), at
     from users u,
       lateral (select now() - ${HISTORY_ENDS} - random() * interval '${HISTORY_DAYS} days' as at
                from generate_series(1, (random() * $1)::int) where u.id is not null) d`,
    [HISTORY_MAX_EARNED_PER_USER],
  );
  // As autovacuum would have left them after months: statistics and the visibility map.
  await client.query('vacuum analyze identifier_checks, lampion_events');
  console.log(`check history written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
