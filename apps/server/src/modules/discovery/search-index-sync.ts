import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { yieldToEventLoop } from '../../lib/event-loop-turn';
import {
  AnnonceSearchIndex,
  type IndexedAnnonce,
  type SearchIndexOptions,
} from './annonce-search-index';

/**
 * Keeps this process's AnnonceSearchIndex equal to the database's VALIDATED announcements.
 *
 * - Load: every VALIDATED announcement, by id ranges (a few MB of rows at a time), in the
 *   background; until it is done, `current()` answers null and searches go to PostgreSQL.
 * - Sync: before a search answers, the announcements logged in discovery_changes (migration 0020)
 *   since the last sync are read again, so a search never misses a write that committed before it
 *   began (read-your-writes, on every instance). Searches arriving while a sync runs share the
 *   next one, so 32 concurrent searches cost a handful of syncs, not 32.
 * - Transactions commit out of id order: a sync reads every change whose transaction was not yet
 *   finished at the previous sync (ids from that snapshot's xmin) and skips those already applied.
 * - The same statement reads viewer_mark_changes (migration 0028): the users whose favourites or
 *   views changed, told to `onMarksChange` listeners (the card cache keeps each viewer's marks).
 * - A failed load is tried again, after 1 s, then twice as long each time up to a minute; /ready
 *   says "failing" meanwhile (searches go to PostgreSQL).
 * - Rebuilds (the changed rows laid out again once they are many) never run inside a search: a new
 *   index is built a slice at a time in the background, letting requests run between slices,
 *   while the current one keeps answering; the changes synced meanwhile are replayed onto the new
 *   one, which then replaces it.
 */

/** Rows read per load query. */
const LOAD_BATCH = 20_000;
/** A quiet instance still syncs this often, and prunes the log (see PRUNE_AFTER). */
const BACKGROUND_SYNC_MS = 60_000;
/** Changes older than this are deleted: an instance that did not sync for half of it reloads. */
const PRUNE_AFTER = '1 day';
const RELOAD_WHEN_IDLE_MS = 12 * 3600_000;
/** Waits before loading again after a failed load: doubled each time, up to the last. */
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 60_000;

/** What /health and /ready tell of the index. */
export type SearchIndexState = 'loading' | 'ready' | 'failing';

interface IndexRow {
  id: number;
  status: string;
  latitude: number | null;
  longitude: number | null;
  vehicle_type_id: number | null;
  brand_id: number | null;
  model_id: number | null;
  model_finish_id: number | null;
  color: string | null;
  energy: string | null;
  fiscal_power: number | null;
  validated_at: string | number | null;
  additional_reward_level: number;
  boost_end_date: string | number | null;
  lexemes: string | null;
}

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/** Epoch milliseconds from both drivers' answers (the query sends them as numbers). */
const millis = (value: string | number | null) => (value === null ? null : Number(value));

// Times as epoch milliseconds and the lexemes as one string: the cheapest for both drivers to parse.
const INDEX_COLUMNS = sql.raw(`id, status, theft_latitude as latitude, theft_longitude as longitude,
  vehicle_type_id, brand_id, model_id, model_finish_id, color, energy, fiscal_power,
  (extract(epoch from validated_at) * 1000)::float8 as validated_at, additional_reward_level,
  (extract(epoch from boost_end_date) * 1000)::float8 as boost_end_date,
  array_to_string(tsvector_to_array(search_vector), ' ') as lexemes`);

function toIndexed(row: IndexRow): IndexedAnnonce {
  return {
    id: Number(row.id),
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    vehicleTypeId: row.vehicle_type_id === null ? null : Number(row.vehicle_type_id),
    brandId: row.brand_id === null ? null : Number(row.brand_id),
    modelId: row.model_id === null ? null : Number(row.model_id),
    modelFinishId: row.model_finish_id === null ? null : Number(row.model_finish_id),
    color: row.color,
    energy: row.energy,
    fiscalPower: row.fiscal_power === null ? null : Number(row.fiscal_power),
    validatedAt: millis(row.validated_at),
    additionalRewardLevel: Number(row.additional_reward_level),
    boostEndDate: millis(row.boost_end_date),
    // Words only: the filter and cell tokens (with ':') are columns here.
    words: (row.lexemes ?? '')
      .split(' ')
      .filter((lexeme) => lexeme !== '' && !lexeme.includes(':')),
  };
}

export interface SearchIndexSync {
  /** True once the index answers searches (GET /health tells it). */
  readonly loaded: boolean;
  /** Loading, ready, or failing (its last load failed; another is scheduled). */
  readonly state: SearchIndexState;
  /** The background rebuild under way, if any (tests wait for it). */
  rebuilding(): Promise<void> | null;
  /** When the index last applied the change log (epoch ms; 0 while not loaded), for /metrics. */
  syncedAt(): number;
  /** What the background timer runs every minute (sync, prune, reload after a long sleep). */
  tick(): Promise<void>;
  /** Starts loading in the background (once); the promise settles when the index is usable. */
  start(): Promise<void>;
  /** The index, synced with every change committed before this call; null while not loaded. */
  current(): Promise<AnnonceSearchIndex | null>;
  /** Stops the background sync; waits for a load or sync under way (the database closes next). */
  close(): Promise<void>;
  /**
   * Calls `listener` with the announcements a sync found changed, before the search that asked
   * for the sync goes on; with null when the index was loaded again (anything may have changed).
   * Returns the unsubscribe function.
   */
  onChange(listener: (annonceIds: readonly number[] | null) => void): () => void;
  /**
   * Calls `listener` with the users whose favourites or views a sync found changed, before the
   * search that asked for the sync goes on; with null when the index was loaded again.
   */
  onMarksChange(listener: (userIds: readonly number[] | null) => void): () => void;
}

export function createSearchIndexSync(deps: {
  db: Db;
  onError?: (error: unknown, what: string) => void;
  onLoaded?: (figures: { annonces: number; milliseconds: number }) => void;
  index?: SearchIndexOptions;
  /** Wall-clock milliseconds (tests move it to cross the idle limit). */
  now?: () => number;
  /** Runs between two slices of a rebuild (tests hold a rebuild half-way through). */
  pause?: () => Promise<void>;
}): SearchIndexSync {
  const pause = deps.pause ?? yieldToEventLoop;
  const now = deps.now ?? Date.now;
  const { db } = deps;
  const report = deps.onError ?? (() => undefined);
  let index: AnnonceSearchIndex | null = null;
  let loading: Promise<void> | null = null;
  /** The xmin of the last sync's snapshot: transactions from there on may not have been seen. */
  let xmin = 0;
  /** Changes applied whose transaction is at or above xmin (read again, not applied again). */
  let applied = new Map<number, number>();
  /** The same for viewer_mark_changes (its own ids). */
  let appliedMarks = new Map<number, number>();
  let lastSyncAt = 0;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  /** The background rebuild, and the changes synced since it started (replayed onto its result). */
  let rebuild: Promise<void> | null = null;
  let replay: ((target: AnnonceSearchIndex) => void)[] | null = null;
  const listeners = new Set<(annonceIds: readonly number[] | null) => void>();
  const tell = (annonceIds: readonly number[] | null) => {
    for (const listener of listeners) listener(annonceIds);
  };
  const markListeners = new Set<(userIds: readonly number[] | null) => void>();
  const tellMarks = (userIds: readonly number[] | null) => {
    for (const listener of markListeners) listener(userIds);
  };

  async function load(): Promise<void> {
    const started = Date.now();
    const [snapshot] = await rowsOf<{ xmin: string }>(
      db,
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`,
    );
    let building = new AnnonceSearchIndex(deps.index);
    let after = 0;
    for (;;) {
      const rows = await rowsOf<IndexRow>(
        db,
        sql`select ${INDEX_COLUMNS} from annonces where status = 'VALIDATED' and id > ${after}
            order by id limit ${LOAD_BATCH}`,
      );
      for (const row of rows) building.upsert(toIndexed(row));
      if (rows.length < LOAD_BATCH || closed) break;
      after = Number(rows[rows.length - 1]!.id);
    }
    if (closed) return;
    building = await rebuiltInSlices(building);
    if (closed) return;
    // Writes made during the load are in the log from the load's first snapshot on.
    xmin = Number(snapshot!.xmin);
    applied = new Map();
    appliedMarks = new Map();
    await applyChanges(building);
    index = building;
    tell(null);
    tellMarks(null);
    deps.onLoaded?.({ annonces: building.count, milliseconds: Date.now() - started });
  }

  async function applyChanges(target: AnnonceSearchIndex): Promise<void> {
    type Logged = [number, number, number][];
    const [row] = await rowsOf<{ xmin: string; changes: Logged | string; marks: Logged | string }>(
      db,
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
            (select coalesce(json_agg(json_build_array(id, annonce_id, transaction_id)), '[]')
             from discovery_changes where transaction_id >= ${xmin}) as changes,
            (select coalesce(json_agg(json_build_array(id, user_id, transaction_id)), '[]')
             from viewer_mark_changes where transaction_id >= ${xmin}) as marks`,
    );
    const parsed = (logged: Logged | string) =>
      typeof logged === 'string' ? (JSON.parse(logged) as Logged) : logged;
    const ids = newlyLogged(parsed(row!.changes), applied);
    const users = newlyLogged(parsed(row!.marks), appliedMarks);
    // Before anything awaits: a search that synced sees its viewer's marks as they are now.
    if (users.size > 0) tellMarks([...users]);
    if (ids.size > 0) {
      const rows = await rowsOf<IndexRow>(
        db,
        sql`select ${INDEX_COLUMNS} from annonces where id in ${[...ids]}`,
      );
      const found = new Set<number>();
      const changes: ((into: AnnonceSearchIndex) => void)[] = [];
      for (const current of rows) {
        const id = Number(current.id);
        found.add(id);
        if (current.status === 'VALIDATED') {
          const annonce = toIndexed(current);
          changes.push((into) => into.upsert(annonce));
        } else changes.push((into) => into.remove(id));
      }
      for (const id of ids) if (!found.has(id)) changes.push((into) => into.remove(id));
      for (const change of changes) change(target);
      tell([...ids]);
      // The index being loaded has no rebuild of its own running: the load rebuilt it.
      if (target === index) {
        replay?.push(...changes);
        if (!rebuild && target.needsRebuild()) rebuildInBackground(target);
      }
    }
    xmin = Number(row!.xmin);
    for (const log of [applied, appliedMarks]) {
      for (const [changeId, transactionId] of log) {
        if (transactionId < xmin) log.delete(changeId);
      }
    }
    lastSyncAt = now();
  }

  /**
   * The subjects (announcement or user ids) of the logged changes not yet applied, each change
   * then remembered as applied with its transaction.
   */
  function newlyLogged(changes: [number, number, number][], log: Map<number, number>) {
    const subjects = new Set<number>();
    for (const [changeId, subject, transactionId] of changes) {
      if (log.has(changeId)) continue;
      log.set(changeId, Number(transactionId));
      subjects.add(Number(subject));
    }
    return subjects;
  }

  /** Builds the new layout a slice at a time, yielding to the event loop between slices. */
  async function rebuiltInSlices(source: AnnonceSearchIndex): Promise<AnnonceSearchIndex> {
    const steps = source.rebuiltSteps();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      await pause();
    }
  }

  function rebuildInBackground(source: AnnonceSearchIndex) {
    replay = [];
    rebuild = rebuiltInSlices(source)
      .then((rebuilt) => {
        // Synchronous from here to the swap: no sync can slip a change in between.
        if (closed || index !== source) return;
        for (const change of replay!) change(rebuilt);
        index = rebuilt;
      })
      .catch((error: unknown) => report(error, 'search index rebuild'))
      .finally(() => {
        rebuild = null;
        replay = null;
      });
  }

  // One sync at a time; callers arriving during one share the next (it must start after them).
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  function sync(): Promise<void> {
    if (!running) {
      // No index (reloading after a long sleep): nothing to sync; current() answers null.
      running = (index ? applyChanges(index) : Promise.resolve()).finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return sync();
      });
    return queued;
  }

  function start(): Promise<void> {
    loading ??= load().then(
      () => {
        failures = 0;
      },
      (error: unknown) => {
        failures += 1;
        report(error, 'search index load');
        // Tried again later (the database may be back); `loading` stays set until then, so a
        // second start() does not load twice.
        if (!closed) {
          const delay = Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), LAST_RETRY_MS);
          retryTimer = setTimeout(() => {
            retryTimer = null;
            loading = null;
            void start().catch(() => undefined);
          }, delay);
          retryTimer.unref();
        }
        throw error;
      },
    );
    if (!timer) {
      timer = setInterval(() => void background(), BACKGROUND_SYNC_MS);
      timer.unref();
    }
    return loading;
  }

  async function background() {
    if (closed) return;
    try {
      if (index && now() - lastSyncAt > RELOAD_WHEN_IDLE_MS) {
        // Asleep longer than the log is kept: changes may have been pruned unseen. A sync still
        // under way finishes first (the load resets the state it works on).
        index = null;
        await Promise.allSettled([running, queued]);
        loading = null;
        // A failed load is reported and retried by start() itself.
        await start().catch(() => undefined);
        return;
      }
      if (index) await sync();
      await db.execute(
        sql`delete from discovery_changes where changed_at < now() - ${PRUNE_AFTER}::interval`,
      );
      await db.execute(
        sql`delete from viewer_mark_changes where changed_at < now() - ${PRUNE_AFTER}::interval`,
      );
    } catch (error) {
      report(error, 'search index background sync');
    }
  }

  return {
    get loaded() {
      return index !== null;
    },
    get state() {
      if (index) return 'ready';
      return failures > 0 ? 'failing' : 'loading';
    },
    rebuilding: () => rebuild,
    syncedAt: () => (index ? lastSyncAt : 0),
    tick: background,
    start: () => start().catch(() => undefined),
    async current() {
      if (!index) return null;
      await sync();
      return index;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onMarksChange(listener) {
      markListeners.add(listener);
      return () => markListeners.delete(listener);
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      if (retryTimer) clearTimeout(retryTimer);
      timer = null;
      retryTimer = null;
      await Promise.allSettled([loading, running, queued, rebuild]);
    },
  };
}
