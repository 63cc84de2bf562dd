import { sql, type SQL } from 'drizzle-orm';
import {
  NEAR_VEHICLES_RADIUS_KM,
  type LatLng,
  normalizeSearchText,
  savedSearchMatcher,
  type Color,
  type Energy,
  type MatchableAnnonce,
  type NotificationType,
} from '@app/domain';
import type { Db } from '../../db/database';
import { arrayLiteral } from '../../db/array-literal';
import { MATCHABLE_COLUMNS, matchableOfRow, type MatchableRow } from '../../db/matchable-annonce';
import type { Clock } from '../../lib/clock';
import { annonceTitles } from './annonce-titles';
import { yieldToEventLoop } from '../../lib/event-loop-turn';
import { idsInBytes, idsOf, sortedIds } from './id-text';
import { discCells } from './near-users';
import { NOTIFICATIONS_CHANNEL } from './notifier';

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface FanOutAnnonce extends MatchableAnnonce {
  id: number;
  ownerId: number;
  status: string;
  city: string | null;
}

export interface AlertRecipients {
  /** Users with a saved search matching the announcement, with the name of the first one. */
  alerts: Map<number, string>;
  /** Users whose last known position is within 20 km (and who have no matching alert), by id. */
  near: Int32Array;
}

/** What the fan-out needs of an announcement (its matchable fields, owner, status, town). */
export async function loadFanOutAnnonce(db: Db, annonceId: number): Promise<FanOutAnnonce | null> {
  const [row] = await rowsOf<
    MatchableRow & { id: number; owner_id: number; status: string; theft_city: string | null }
  >(
    db,
    sql`select id, owner_id, status, theft_city, ${MATCHABLE_COLUMNS}
        from annonces where id = ${annonceId}`,
  );
  if (!row) return null;
  return {
    ...matchableOfRow(row),
    id: row.id,
    ownerId: row.owner_id,
    status: row.status,
    city: row.theft_city,
  };
}

/** The sphere earthdistance uses (earth(), in metres): the index's box and this test agree. */
const EARTH_RADIUS_M = 6378168;

/**
 * "The great-circle distance between (lat, lng) and the announcement is at most `metres`", as plain
 * arithmetic (haversine: sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2) ≤ sin²(d / 2R)). earthdistance's
 * earth_distance(ll_to_earth(…)) gives the same answer but costs ~15 µs a row through its SQL
 * functions, two seconds for the 130,000 users around Paris (bench/results/notifications-*.md).
 */
function withinMetres(
  latitude: SQL,
  longitude: SQL,
  annonce: { latitude: number; longitude: number },
  metres: SQL,
) {
  return sql`power(sin(radians(${latitude} - ${annonce.latitude}::float8) / 2), 2)
    + cos(radians(${annonce.latitude}::float8)) * cos(radians(${latitude}))
      * power(sin(radians(${longitude} - ${annonce.longitude}::float8) / 2), 2)
    <= power(sin(least(${metres} / ${2 * EARTH_RADIUS_M}::float8, pi() / 2)), 2)`;
}

/** The 0.5° square of a place, as saved_search_cells (migration 0027) names it. */
export const alertCell = (place: LatLng) =>
  `${Math.floor(place.latitude * 2)}:${Math.floor(place.longitude * 2)}`;

/**
 * Reachable users within 20 km of `point` but its owner, who want to hear of new announcements near
 * them (user_positions.wants_near_alerts, kept from their preferences), as one value of four bytes
 * an id (a row per user cost more to read than the scan itself, and a text of ids a third more than
 * these bytes: id-text.ts idsInBytes). The squares of near-users.ts, else (near a pole or the
 * antimeridian) the GiST index. Exported for the benchmark's plans.
 */
export function nearUsers(point: LatLng, ownerId: number): SQL {
  const radiusMeters = NEAR_VEHICLES_RADIUS_KM * 1000;
  const within = withinMetres(
    sql`up.latitude`,
    sql`up.longitude`,
    point,
    sql`${radiusMeters}::float8`,
  );
  // The cell index's own predicate, so that every square is read from it alone.
  const told = sql`up.reachable and up.wants_near_alerts and up.user_id <> ${ownerId}`;
  const cells = discCells(point, NEAR_VEHICLES_RADIUS_KM);
  const found = cells
    ? sql`select up.user_id from user_positions up
          where ${told} and up.cell = any(${intArray(cells.inside)})
        union all
        select up.user_id from user_positions up
          where ${told} and up.cell = any(${intArray(cells.edge)}) and ${within}`
    : sql`select up.user_id from user_positions up
          where ${told}
            and earth_box(ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8),
                          ${radiusMeters}) @> ll_to_earth(up.latitude, up.longitude)
            and ${within}`;
  return sql`select string_agg(int4send(user_id), '') as ids from (${found}) near`;
}

/** An int[] parameter (one value however many numbers). */
const intArray = (values: readonly number[]) => sql`${arrayLiteral(values)}::int[]`;

/** A nullable SQL value of a known type (a bare null parameter has no type for `= any(...)`). */
const intOrNull = (value: number | null) =>
  value === null ? sql`null::integer` : sql`${value}::integer`;
const textOrNull = (value: string | null) =>
  value === null ? sql`null::text` : sql`${value}::text`;

/** A saved search that may match an announcement, as the alerts query gives it. */
interface AlertCandidate {
  user_id: number;
  name: string;
  research_text: string | null;
  location_radius: number | null;
  latitude: number | null;
  longitude: number | null;
  min_fiscal_power: number | null;
  max_fiscal_power: number | null;
}

/** Where an announcement was stolen, when it says. */
const theftPoint = (annonce: FanOutAnnonce): LatLng | null =>
  annonce.latitude !== null && annonce.longitude !== null
    ? { latitude: annonce.latitude, longitude: annonce.longitude }
    : null;

/**
 * The saved searches that may match `annonce` (step 1 of findAlertRecipients), checked in SQL as
 * far as SQL can; exported for the benchmark's plans.
 */
export function alertCandidates(annonce: FanOutAnnonce): SQL {
  const point = theftPoint(annonce);
  // The text prefilter: a search's research_words (migration 0027, carried by its keys) are words
  // of the search rule as they are, so each must be one of the announcement's words. Other words
  // (other scripts) are left to the rule itself: the filter never drops a match.
  const words = [...new Set(normalizeSearchText(annonce.searchText ?? '').split(' '))].filter(
    Boolean,
  );
  const annonceWords = arrayLiteral(words);
  // Only the saved searches filed under a key this announcement carries can match it.
  const baseKeys = [
    'any',
    ...(annonce.modelId !== null ? [`m:${annonce.modelId}`] : []),
    ...(annonce.brandId !== null ? [`b:${annonce.brandId}`] : []),
    ...(annonce.vehicleTypeId !== null ? [`t:${annonce.vehicleTypeId}`] : []),
    ...words.map((word) => `w:${word}`),
  ];
  // A search around a place is filed under its keys once per 0.5° square its disc reaches.
  const searchKeys = arrayLiteral(
    point ? [...baseKeys, ...baseKeys.map((key) => `${key}@${alertCell(point)}`)] : baseKeys,
  );
  // The searches under this announcement's keys (saved_search_keys, kept by a trigger) whose
  // owners may be told and want their alerts (saved_searches.owner_wants_alerts, kept by
  // triggers, migration 0032: accounts with a validated e-mail, no deletion asked, not back
  // office), their lists, fiscal power and radius. The keys (with the words each carries) are read
  // from their index alone, first, as an array of ids probed one by one: as a join the planner
  // hashed every saved search instead.
  return sql`select s.user_id, s.name, s.research_text, s.location_radius, s.latitude, s.longitude,
          s.min_fiscal_power, s.max_fiscal_power
        from saved_searches s
        where s.id = any(array(
                select k.saved_search_id from saved_search_keys k
                where k.key = any(${searchKeys}::text[]) and k.words <@ ${annonceWords}::text[]))
          and s.user_id <> ${annonce.ownerId}
          and s.owner_wants_alerts
          and (cardinality(s.vehicle_type_ids) = 0 or ${intOrNull(annonce.vehicleTypeId)} = any(s.vehicle_type_ids))
          and (cardinality(s.brand_ids) = 0 or ${intOrNull(annonce.brandId)} = any(s.brand_ids))
          and (cardinality(s.model_ids) = 0 or ${intOrNull(annonce.modelId)} = any(s.model_ids))
          and (cardinality(s.model_finish_ids) = 0 or ${intOrNull(annonce.modelFinishId)} = any(s.model_finish_ids))
          and (cardinality(s.colors) = 0 or ${textOrNull(annonce.color)} = any(s.colors))
          and (cardinality(s.energies) = 0 or ${textOrNull(annonce.energy)} = any(s.energies))
          and (coalesce(s.min_fiscal_power, 0) <= 0 or ${intOrNull(annonce.fiscalPower)} >= s.min_fiscal_power)
          and (s.max_fiscal_power is null or ${intOrNull(annonce.fiscalPower)} <= s.max_fiscal_power)
          and (s.latitude is null or s.longitude is null
               or ${
                 point
                   ? withinMetres(
                       sql`s.latitude`,
                       sql`s.longitude`,
                       point,
                       // 1 % more: the exact radius is the search rule's, checked below.
                       sql`coalesce(s.location_radius, 1) * 1010.0`,
                     )
                   : sql`false`
               })
        order by s.user_id, s.id`;
}

/**
 * Who must hear of a newly validated announcement (docs/product/founders-decisions.md "NEW_NEAR_VEHICLES /
 * NEW_ALERT_VEHICLES"), never its owner, respecting each user's groups:
 * - alerts: the saved-search lists, fiscal power and radius are checked in SQL, which leaves few
 *   rows; each is then checked by `savedSearchMatchesAnnonce` (the search's own rule, text included);
 * - near: users whose last known position (users.last_latitude/longitude, written by the home and
 *   search calls and identifier checks that send a position) lies within 20 km, through the squares
 *   of user_positions.cell (near-users.ts).
 */
export async function findAlertRecipients(
  db: Db,
  annonce: FanOutAnnonce,
  /** Milliseconds per phase, for the benchmark. */
  timings?: Record<string, number>,
): Promise<AlertRecipients> {
  let mark = performance.now();
  const lap = (phase: string) => {
    const now = performance.now();
    if (timings) timings[phase] = (timings[phase] ?? 0) + now - mark;
    mark = now;
  };
  const alerts = new Map<number, string>();
  const point = theftPoint(annonce);
  // The users near (2, below) are asked now, on another of the pool's connections, while the
  // alerts run: Paris's search took their sum, p95 111–128 ms on a 2-core machine, and takes
  // about the longer of the two side by side, 90–95 ms (bench/results/
  // notifications-2026-12-06-notes.md, session 54).
  const nearAnswer = point
    ? rowsOf<{ ids: Uint8Array | null }>(db, nearUsers(point, annonce.ownerId))
    : Promise.resolve([]);
  // Awaited below: if the alerts fail first, this one's failure must not go unhandled meanwhile.
  nearAnswer.catch(() => undefined);
  // 1. The saved searches that may match, by SQL; the text and the exact radius by the search's
  //    own rule, in memory.
  const candidates = await rowsOf<AlertCandidate>(db, alertCandidates(annonce));
  lap('alertsSql');
  const matches = savedSearchMatcher(annonce);
  for (const row of candidates) {
    if (alerts.has(row.user_id)) continue;
    const matched = matches({
      researchText: row.research_text,
      locationRadius: row.location_radius,
      latitude: row.latitude,
      longitude: row.longitude,
      vehicleTypeIds: [],
      brandIds: [],
      modelIds: [],
      modelFinishIds: [],
      colors: [] as Color[],
      energies: [] as Energy[],
      minFiscalPower: row.min_fiscal_power,
      maxFiscalPower: row.max_fiscal_power,
    });
    if (matched) alerts.set(row.user_id, row.name);
  }
  lap('alertsRule');
  await yieldToEventLoop();

  // 2. Users whose last known position is within 20 km: the narrow user_positions table (kept by a
  //    trigger on users), read through its (cell) index as squares wholly inside the disc, and
  //    squares its edge crosses whose positions are tested (near-users.ts); the GiST index near a
  //    pole or the antimeridian. Session 27 read them after the alerts, the two at once having
  //    held both cores while the site's requests waited in the validation's first seconds
  //    (bench/results/notifications-end-to-end-2026-12-02-notes.md); since then the fan-out starts
  //    two seconds after the validation and spreads its rows over 25 s, and the site's p95 over
  //    the fan-out rose alike with either order (notifications-end-to-end-2026-12-06-notes.md).
  // Paris's 130,000 ids are read, sorted and sifted a piece at a time, the site's requests
  // served between the pieces: in one go it held the event loop 40-50 ms at the fan-out's start
  // (bench/results/notifications-end-to-end-2026-12-04-notes.md).
  const nearBytes = (await nearAnswer)[0]?.ids ?? null;
  await yieldToEventLoop();
  const parsed = idsInBytes(nearBytes);
  await yieldToEventLoop();
  const nearIds = sortedIds(parsed);
  await yieldToEventLoop();
  // Those with a matching alert are told once, by it. Into a typed array by index: pushing
  // Paris's 128,000 ids one by one onto a plain array took 20-30 ms.
  const near = new Int32Array(nearIds.length);
  let kept = 0;
  for (let index = 0; index < nearIds.length; index += 1) {
    const userId = nearIds[index]!;
    if (!alerts.has(userId)) near[kept++] = userId;
  }
  lap('near');
  return { alerts, near: near.subarray(0, kept) };
}

/** The key that makes the fan-out tell each user once per announcement, however often it runs. */
export const alertDedupeKey = (annonceId: number) => `annonce-alert:${annonceId}`;

/**
 * What a fan-out does with its rows when it delivers them itself (notifications.job.ts) instead of
 * leaving them to the dispatcher: 135,000 rows were 270 claims of 500, each with its live-bus
 * message and push jobs, most of the time from validation to the last notification
 * (bench/results/notifications-end-to-end-2026-11-25.md).
 */
export interface FanOutDelivery {
  /**
   * Queues Web Push for these new rows (those whose user has a subscribed browser), on the
   * fan-out's own transaction (both commit or neither).
   */
  queuePush(tx: Db, ids: number[]): Promise<void>;
  /** Tells these users' open tabs; called once the rows are committed. */
  tell(userIds: number[]): Promise<void>;
}

/**
 * Rows per transaction of a fan-out. Paris's 135,000 rows in one transaction kept a database core
 * busy for seconds while the site's requests waited for it (bench/results/
 * notifications-end-to-end-2026-11-27.md). Since the slices are spread over FAN_OUT_SPREAD_MS, the
 * time they take in all is the same whatever their size, but a request that meets one waits for
 * that one: 5,000 rows took 60-90 ms on a 2-core machine, 1,000 rows a fifth of that, and the
 * site's answers that waited behind a slice fell by about half (bench/results/
 * notifications-end-to-end-2026-12-02-notes.md).
 */
export const FAN_OUT_SLICE = 1_000;

/**
 * After each slice the fan-out rests at least this many times the slice's own duration, so that
 * the site's requests get the database between slices (a third of the machine at most for the
 * fan-out, on a machine too slow to spread it over FAN_OUT_SPREAD_MS).
 */
export const FAN_OUT_REST_RATIO = 2;

/**
 * A fan-out of several slices spreads them over this long: each request of the site that meets
 * a slice waits for it, so the fewer of the machine's seconds the slices take, the fewer requests
 * wait. Paris (135,000 rows, 28 slices) took 6 s resting twice each slice, and the site's p95
 * went from 5 ms to 17–29 ms meanwhile; resting eight times, 17 s and 8–9 ms
 * (bench/results/notifications-end-to-end-2026-12-01.md). Over 20 s, with a tenth of Paris
 * subscribed to Web Push (their pushes sent as their slices commit), the site's p95 still rose
 * 22-29 % on a 2-core machine; over 25 s, 11-16 % (bench/results/
 * notifications-end-to-end-2026-12-05-notes.md, session 50). The goal is 30 s from the validation
 * to the last notification: the job's start delay and the recipients' search come first.
 */
export const FAN_OUT_SPREAD_MS = 25_000;

/**
 * The slices of a fan-out are all written this long after the first began, if the database can:
 * the goal is 30 s from the validation, and before the first slice come the dispatcher's pick
 * (about 2 s) and the recipients' search. On a machine where a slice and its least rest do not
 * fit (slices of 61 ms, 40 s from a checkpoint: bench/results/
 * notifications-end-to-end-2026-12-04-notes.md, session 41), the rests shrink instead.
 */
export const FAN_OUT_FINISH_MS = 26_000;

/**
 * How long to rest after slice `index` (from 0) of `count`, which took `sliceMs`, `elapsedMs`
 * after the first began and `workMs` of slices in all so far: until the next one's turn (slice k
 * starts at k × FAN_OUT_SPREAD_MS / count), and at least FAN_OUT_REST_RATIO times the slice,
 * unless the slices left, each as long as the average so far, would then end past
 * FAN_OUT_FINISH_MS: then what the time left allows each rest, down to none.
 */
export function restAfterSlice(slice: {
  index: number;
  count: number;
  sliceMs: number;
  elapsedMs: number;
  workMs: number;
}): number {
  const nextTurnMs = ((slice.index + 1) * FAN_OUT_SPREAD_MS) / slice.count;
  const left = slice.count - slice.index - 1;
  const workLeftMs = (slice.workMs / (slice.index + 1)) * left;
  const restsAllowedMs = (FAN_OUT_FINISH_MS - slice.elapsedMs - workLeftMs) / left;
  const leastRestMs = Math.min(slice.sliceMs * FAN_OUT_REST_RATIO, Math.max(0, restsAllowedMs));
  return Math.max(leastRestMs, nextTurnMs - slice.elapsedMs, 0);
}

/** Rest between slices; a real timer, replaced in tests. */
const restFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Tells users near a validated announcement, and users whose alerts match it (once each). Does
 * nothing unless the announcement is VALIDATED; running it again adds nobody twice. Called by the
 * dispatcher when the owner's ANNONCE_ACCEPTED notification is dispatched, so the validation's own
 * request never waits for it. The rows are written in slices (FAN_OUT_SLICE), each its own
 * transaction, spread over FAN_OUT_SPREAD_MS: a run stopped halfway leaves the slices it
 * committed, whose users were told, and its retry adds the others. With `delivery`, each slice's
 * rows are written dispatched, their push jobs queued in the slice's transaction and their users
 * told after its commit; without it, each commit wakes the dispatcher.
 */
export async function runAlertFanOut(
  deps: {
    db: Db;
    clock: Clock;
    delivery?: FanOutDelivery;
    /** Rows per transaction (FAN_OUT_SLICE). */
    slice?: number;
    /** Waits between slices (a timer, restAfterSlice's time); tests pass one that records. */
    rest?: (ms: number) => Promise<void>;
  },
  annonceId: number,
): Promise<{ alerts: number; near: number }> {
  const { db, delivery } = deps;
  const slice = deps.slice ?? FAN_OUT_SLICE;
  const rest = deps.rest ?? restFor;
  const annonce = await loadFanOutAnnonce(db, annonceId);
  if (!annonce || annonce.status !== 'VALIDATED') return { alerts: 0, near: 0 };
  const recipients = await findAlertRecipients(db, annonce);
  const annonceTitle = (await annonceTitles(db, [annonceId])).get(annonceId) ?? null;
  const now = deps.clock.now();
  const key = alertDedupeKey(annonceId);
  const dispatchedAt = delivery ? sql`${now}::timestamptz` : sql`null::timestamptz`;
  /**
   * One row per recipient of `type` (its parameters from `params`, over the `recipient` rows of
   * `from`); of the rows this run added (a retried run adds none), their users, and those whose
   * user has a browser subscribed to Web Push: only they can be pushed. Queued for every row,
   * Paris's jobs kept the push worker going long after the last row, and the subscribed
   * watchers' pushes waited their turn among them (bench/results/
   * notifications-end-to-end-2026-12-04-notes.md, session 44).
   */
  const insert = async (tx: Db, type: NotificationType, params: SQL, from: SQL) => {
    const [row] = await rowsOf<{ push_ids: string | null; users: string | null }>(
      tx,
      sql`with added as (
            insert into notifications (user_id, type, object_type, object_id, params, dedupe_key,
                                       created_at, dispatched_at)
            select recipient.user_id, ${type}, 'Annonce', ${annonceId}::integer,
                   jsonb_strip_nulls(jsonb_build_object('annonceTitle', ${annonceTitle}::text,
                                                        ${params})),
                   ${key}, ${now}, ${dispatchedAt}
            from ${from}
            on conflict do nothing returning id, user_id)
          select string_agg(id::text, ',') filter (
                   where exists (select 1 from push_subscriptions ps
                                 where ps.user_id = added.user_id)) as push_ids,
                 string_agg(user_id::text, ',') as users
          from added`,
    );
    return { pushIds: idsOf(row?.push_ids ?? null), users: idsOf(row?.users ?? null) };
  };
  /** One slice in its own transaction, its push queued with it, its users told after commit. */
  const write = async (type: NotificationType, params: SQL, from: SQL) => {
    const added = await db.transaction(async (tx) => {
      const added = await insert(tx, type, params, from);
      if (delivery) {
        if (added.pushIds.length > 0) await delivery.queuePush(tx, added.pushIds);
      } else {
        // Wakes the dispatcher at commit, like `notify`.
        await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, '')`);
      }
      return added;
    });
    if (delivery && added.users.length > 0) await delivery.tell(added.users);
  };

  // The recipients' groups were checked when they were found. Each slice goes in as one INSERT …
  // SELECT over arrays (thousands of rows through one statement, not thousands of parameters),
  // the near ones in user order (they come square by square and are sorted as they are read: the
  // indexes on user_id then walk their pages once).
  const alertUsers = [...recipients.alerts.keys()];
  const slices: (() => Promise<void>)[] = [];
  for (let start = 0; start < alertUsers.length; start += slice) {
    const users = alertUsers.slice(start, start + slice);
    slices.push(() =>
      write(
        'NEW_ALERT_VEHICLES',
        sql`'searchName', recipient.search_name`,
        sql`unnest(${arrayLiteral(users)}::int[],
                   ${arrayLiteral(users.map((user) => recipients.alerts.get(user)!))}::text[])
              as recipient(user_id, search_name)`,
      ),
    );
  }
  for (let start = 0; start < recipients.near.length; start += slice) {
    const users = Array.from(recipients.near.subarray(start, start + slice));
    slices.push(() =>
      write(
        'NEW_NEAR_VEHICLES',
        sql`'city', ${annonce.city}::text`,
        sql`unnest(${arrayLiteral(users)}::int[]) as recipient(user_id)`,
      ),
    );
  }
  const firstStarted = performance.now();
  let workMs = 0;
  for (const [index, run] of slices.entries()) {
    const started = performance.now();
    await run();
    if (index < slices.length - 1) {
      const now = performance.now();
      workMs += now - started;
      await rest(
        restAfterSlice({
          index,
          count: slices.length,
          sliceMs: now - started,
          elapsedMs: now - firstStarted,
          workMs,
        }),
      );
    }
  }
  return { alerts: recipients.alerts.size, near: recipients.near.length };
}
