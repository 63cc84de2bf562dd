import { sql } from 'drizzle-orm';
import { isBoostActive, type AnnonceCard, type Locale } from '@app/domain';
import type { Db } from '../../db/database';
import { loadAnnonceCards, loadAnnonceCardsWithOwners } from '../annonces/index';
import type { SearchIndexSync } from './search-index-sync';
import { rowsOf } from './search-sql';

/**
 * How long a card is reused at most. What lists show is read again at once when it changes (the
 * search index's change log: status, position, vehicle, reward, boost…); this delay bounds what
 * the log does not carry (views, photos, identifiers), as the home's lists already do.
 */
export const CARD_TTL_MS = 30_000;
/** Cards kept at most (about 1.5 kB each); the oldest go first. */
const CARDS_KEPT = 20_000;

interface Kept {
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
 * discovery-2026-11-25.md). Each request still reads its viewer's favourites and "seen" marks (one
 * light query), and an owner gets their own cards from the database (their address, their
 * comment). Used only while the search index is loaded: its sync, run before the cards are taken,
 * drops the cards of every announcement that changed.
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

  /** The viewer's favourites and seen announcements among these, in one query. */
  async function flagsOf(userId: number, annonceIds: readonly number[]) {
    const ids = `{${annonceIds.map((id) => Math.trunc(id)).join(',')}}`;
    const rows = await rowsOf<{ favourite: boolean; annonce_id: number }>(
      db,
      sql`select true as favourite, annonce_id from favourites
          where user_id = ${userId} and annonce_id = any(${ids}::int[])
          union all
          select false, annonce_id from annonce_views
          where user_id = ${userId} and annonce_id = any(${ids}::int[])`,
    );
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
          ? flagsOf(
              viewer.userId,
              others.map((entry) => entry.card.id),
            )
          : null,
      ]);
      return [
        ...ownCards,
        ...others.map(({ card }) => ({
          ...card,
          annonceFavorite: flags!.favourites.has(card.id),
          userHasSeenAnnonce: flags!.seen.has(card.id),
          // A boost may have run out since the card was kept.
          isBoosted: isBoostActive(
            card.boostEndDate === null ? null : new Date(card.boostEndDate),
            context.now,
          ),
        })),
      ];
    },
  };
}

export type CardCache = ReturnType<typeof createCardCache>;
