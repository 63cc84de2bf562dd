import { sql } from 'drizzle-orm';
import { isBoostActive, type AnnonceCard, type Locale } from '@app/domain';
import type { Db } from '../../db/database';
import { loadAnnonceCards, loadAnnonceCardsWithOwners } from '../annonces/index';
import { KEPT_CARD, type KeptCard } from './card-json';
import type { SearchIndexSync } from './search-index-sync';
import { intArrayLiteral, rowsOf } from './search-sql';

/**
 * How long a card is reused at most. What lists show is read again at once when it changes (the
 * search index's change log: status, position, vehicle, reward, boost…); this delay bounds what
 * the log does not carry (views, photos, identifiers), as the home's lists already do.
 */
export const CARD_TTL_MS = 30_000;
/**
 * Cards kept at most (about 1.5 kB each, and their JSON as much again once a search wrote it); the
 * oldest go first.
 */
const CARDS_KEPT = 20_000;
/** Viewers whose favourites and views are kept at most; the least recently used go first. */
const VIEWERS_KEPT = 20_000;
/** A viewer with more marks than this is read per request (only the page's cards) instead. */
const MARKS_KEPT_MAX = 2_000;

/** A viewer's favourite and seen announcements. */
interface Marks {
  favourites: ReadonlySet<number>;
  seen: ReadonlySet<number>;
}

/** Its JSON (KeptCard) is written at its first search page (card-json.ts). */
interface Kept extends KeptCard {
  until: number;
  ownerId: number;
  /** As anyone but the owner sees it: no favourite, not seen. */
  card: AnnonceCard;
}

export interface CardViewer {
  userId: number;
  locale: Locale;
}

export interface CardCacheContext {
  publicUrl: string;
  signingSecret: string;
  now: Date;
}

/**
 * The cards of the discovery lists, kept per announcement and language so that a search page does
 * not read a dozen announcements with their photos, brand and model again at every request: the
 * card query was the heaviest part of a search once the index had found the ids (bench/results/
 * discovery-2026-11-25.md). An owner gets their own cards from the database (their address, their
 * comment). Used only while the search index is loaded: its sync, run before the cards are taken,
 * drops the cards of every announcement that changed.
 *
 * Each viewer's favourites and "seen" marks are kept too (all of them, for viewers with up to
 * MARKS_KEPT_MAX), so that a search costs no query of its own: the same sync reads the log of
 * marks added or removed (viewer_mark_changes, written by triggers on every instance's writes) and
 * drops the marks of every user it names, before the search goes on. A write committed before a
 * search began is thus seen by it, whichever instance made it.
 */
export function createCardCache(deps: { db: Db; searchIndex: SearchIndexSync }) {
  const { db, searchIndex } = deps;
  const kept = new Map<string, Kept>();
  const keyOf = (id: number, locale: Locale) => `${locale}:${id}`;
  /** Moves at every change told: cards read before a change are returned, not kept. */
  let changes = 0;
  searchIndex.onChange((annonceIds) => {
    changes += 1;
    if (annonceIds === null) kept.clear();
    else {
      for (const id of annonceIds) {
        for (const locale of ['fr', 'en'] as const) kept.delete(keyOf(id, locale));
      }
    }
  });

  /** Marks kept per viewer, and the loads under way (dropped when a change is told meanwhile). */
  const marks = new Map<number, Marks>();
  const marksLoading = new Map<number, Promise<Marks | null>>();
  searchIndex.onMarksChange((userIds) => {
    if (userIds === null) {
      marks.clear();
      marksLoading.clear();
      return;
    }
    for (const userId of userIds) {
      marks.delete(userId);
      // A load started before the change may not hold it: later requests start their own.
      marksLoading.delete(userId);
    }
  });

  /** Every favourite and view of the viewer (null: more than MARKS_KEPT_MAX, not kept). */
  function allMarksOf(userId: number): Promise<Marks | null> {
    const kept = marks.get(userId);
    if (kept) {
      marks.delete(userId);
      marks.set(userId, kept);
      return Promise.resolve(kept);
    }
    const under = marksLoading.get(userId);
    if (under) return under;
    const loading = marksRows(userId, null).then((rows) => {
      const current = marksLoading.get(userId) === loading;
      if (current) marksLoading.delete(userId);
      if (rows.length > MARKS_KEPT_MAX) return null;
      const loaded = marksFrom(rows);
      // Not kept when a change of this viewer's marks was told while they were read.
      if (current) {
        marks.set(userId, loaded);
        if (marks.size > VIEWERS_KEPT) marks.delete(marks.keys().next().value!);
      }
      return loaded;
    });
    marksLoading.set(userId, loading);
    loading.catch(() => {
      if (marksLoading.get(userId) === loading) marksLoading.delete(userId);
    });
    return loading;
  }

  /** The viewer's marks: all of them (kept), or those among these ids (one query). */
  async function marksOf(userId: number, annonceIds: readonly number[]): Promise<Marks> {
    return (await allMarksOf(userId)) ?? marksFrom(await marksRows(userId, annonceIds));
  }

  /** The viewer's favourites and views, among these ids or (null) all, up to MARKS_KEPT_MAX + 1. */
  async function marksRows(userId: number, annonceIds: readonly number[] | null) {
    const ids = annonceIds && intArrayLiteral(annonceIds);
    const among = ids ? sql`and annonce_id = any(${ids}::int[])` : sql``;
    return rowsOf<{ favourite: boolean; annonce_id: number }>(
      db,
      sql`(select true as favourite, annonce_id from favourites where user_id = ${userId} ${among}
          limit ${MARKS_KEPT_MAX + 1})
          union all
          (select false, annonce_id from annonce_views where user_id = ${userId} ${among}
          limit ${MARKS_KEPT_MAX + 1})`,
    );
  }

  function marksFrom(rows: { favourite: boolean; annonce_id: number }[]): Marks {
    const favourites = new Set<number>();
    const seen = new Set<number>();
    for (const row of rows) {
      // Both drivers answer booleans here; be lenient with 't'/'f' text.
      const favourite = row.favourite === true || (row.favourite as unknown) === 't';
      (favourite ? favourites : seen).add(Number(row.annonce_id));
    }
    return { favourites, seen };
  }

  return {
    /**
     * The cards of these ids for this viewer, in no particular order (ids not found are missing);
     * null while the index is not loaded (the caller reads them all from the database). `synced`:
     * the request has already synced the index (its search used it), so no second sync is needed.
     */
    async cards(
      viewer: CardViewer,
      annonceIds: readonly number[],
      context: CardCacheContext,
      synced = false,
    ): Promise<AnnonceCard[] | null> {
      // The sync first: every change committed before this request drops its cards.
      if (synced ? !searchIndex.loaded : !(await searchIndex.current())) return null;
      const now = context.now.getTime();
      const found = new Map<number, Kept>();
      const missing: number[] = [];
      for (const id of annonceIds) {
        const entry = kept.get(keyOf(id, viewer.locale));
        if (entry && entry.until > now) found.set(id, entry);
        else missing.push(id);
      }
      if (missing.length > 0) {
        const before = changes;
        const loaded = await loadAnnonceCardsWithOwners(db, missing, {
          ...context,
          locale: viewer.locale,
        });
        // A change synced while they were read may be newer than what was read: not kept then.
        const keep = changes === before;
        for (const { ownerId, card } of loaded) {
          const entry = { until: now + CARD_TTL_MS, ownerId, card };
          found.set(card.id, entry);
          if (!keep) continue;
          const key = keyOf(card.id, viewer.locale);
          kept.delete(key);
          kept.set(key, entry);
        }
        while (kept.size > CARDS_KEPT) kept.delete(kept.keys().next().value!);
      }
      const own = [...found.values()].filter((entry) => entry.ownerId === viewer.userId);
      const others = [...found.values()].filter((entry) => entry.ownerId !== viewer.userId);
      const [ownCards, flags] = await Promise.all([
        own.length > 0
          ? loadAnnonceCards(
              db,
              own.map((entry) => entry.card.id),
              viewer,
              { ...context, locale: viewer.locale },
            )
          : [],
        others.length > 0
          ? marksOf(
              viewer.userId,
              others.map((entry) => entry.card.id),
            )
          : null,
      ]);
      return [
        ...ownCards,
        ...others.map((entry) => {
          const { card } = entry;
          return {
            ...card,
            annonceFavorite: flags!.favourites.has(card.id),
            userHasSeenAnnonce: flags!.seen.has(card.id),
            // A boost may have run out since the card was kept.
            isBoosted: isBoostActive(
              card.boostEndDate === null ? null : new Date(card.boostEndDate),
              context.now,
            ),
            [KEPT_CARD]: entry,
          };
        }),
      ];
    },
  };
}

export type CardCache = ReturnType<typeof createCardCache>;
