import {
  effectiveSort,
  EMPTY_SEARCH_CRITERIA,
  HOME_CLOSE_RADIUS_KM,
  HOME_GROUP_SIZE,
  HOME_GROUP_TITLE_KEYS,
  locationOf,
  MAP_POINTS_CAP,
  normalizeCriteria,
  distanceKm,
  roundedPosition,
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_SIZE,
  SEARCH_SORTS,
  sortPutsBoostedFirst,
  type DiscoveryCard,
  type HomeGroup,
  type LatLng,
  type Locale,
  type SearchAnnoncesRequest,
  type SearchAnnoncesResponse,
  type SearchCriteria,
  type SearchMapPointsResponse,
  type SearchSort,
  savedSearchMatcher,
  type MatchableAnnonce,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { PreparedAnswer } from '../../lib/prepared-answer';
import { isIndexable } from './annonce-search-index';
import { createCardCache } from './card-cache';
import { cardListsBytes } from './card-json';
import { homeFirstPhotoHeaders } from './home-first-photo';
import { checkedHome } from './home-check';
import { watchChanges } from './change-log';
import type { SearchIndexSync } from './search-index-sync';
import { loadAnnonceCards } from '../annonces/index';
import { criteriaOfRow, type SavedSearchesService } from '../saved-searches/index';
import {
  discoveryGeneration,
  homeStamp,
  listedToMatch,
  stillListed,
  vehicleTypesWithAnnonces,
} from './home.repository';
import type { ListedAnnonce, ListOrder } from './search-order';
import { findAnnonces } from './search-plan-choice';
import { NO_STATISTICS, searchStatistics, type SearchStatistics } from './search-statistics';

/**
 * How long a home section's list is reused (home sections only; search pages are never cached).
 * Any change to what lists may show invalidates at once (discoveryGeneration); the delay only
 * bounds what no write announces: a boost running out, view counts moving the top.
 */
export const HOME_LIST_TTL_MS = 30_000;
/**
 * How long a user's home sections (alerts and their summaries) are reused while the alerts stay the
 * same: a summary only names brands, models and places.
 */
const HOME_SECTIONS_TTL_MS = 10 * 60_000;
/** How long the planner statistics read from PostgreSQL are reused (wall clock). */
const STATISTICS_TTL_MS = 10 * 60_000;
/** Whole homes kept at most (the least recently used go first): about 300 kB each. */
const HOME_CACHE_SIZE = 500;
/** Lists kept at most (the oldest go first): about 1 kB each. */
const HOME_LIST_CACHE_SIZE = 20_000;
/**
 * How long after it was built a kept home may still be answered while it is rebuilt off the
 * request path (see homeJson): a user active on the home keeps getting it at once; one who comes
 * back later waits for a fresh one rather than see lists minutes old.
 */
const HOME_ANSWERED_WHILE_REBUILT_MS = 2 * HOME_LIST_TTL_MS;
/** Kept homes rebuilt off the request path at the same time (see homeJson). */
const HOME_REFRESHES_AT_ONCE = 2;

export interface Viewer {
  userId: number;
  locale: Locale;
}

/** A user's alerts as their home sections show them (homeSections). */
type HomeSections = {
  id: number;
  name: string;
  sort: SearchSort | null;
  criteria: SearchCriteria;
  description: string;
}[];

/** A user's whole home as kept between visits (see homeJson). */
interface KeptHome {
  /** Until when the lists are reused (as a home list: HOME_LIST_TTL_MS). */
  until: number;
  /** Until when it may be answered while it is rebuilt (HOME_ANSWERED_WHILE_REBUILT_MS). */
  answerableUntil: number;
  /** Until when the sections (alerts, their summaries) are reused while the alerts stay. */
  sectionsUntil: number;
  generation: string;
  alerts: string;
  sections: HomeSections;
  groups: HomeGroup[];
  ids: number[];
  /** The last answer and the flags it carries (compressed once per encoding while they stay). */
  json?: { flags: string; answer: PreparedAnswer };
}

/** The favourite and "seen" flags a kept home's answer carries, as one comparable text. */
function flagsKey(favourites: ReadonlySet<number>, seen: ReadonlySet<number>): string {
  return JSON.stringify([[...favourites].sort(), [...seen].sort()]);
}

interface ListRequest {
  criteria: SearchCriteria;
  order: ListOrder;
  from: LatLng | null;
  offset: number;
  limit: number;
}

/**
 * Home feeds, search and top announcements (docs/product/discovery.md §2, §7). Everything listed is a VALIDATED
 * announcement; the search plans (search-plan-choice.ts) decide how, this service decides what.
 */
export function createDiscoveryService(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  signingSecret: string;
  savedSearches: SavedSearchesService;
  /** The in-memory index searches around a place use once it is loaded (else PostgreSQL). */
  searchIndex?: SearchIndexSync;
  log?: { warn(obj: unknown, msg?: string): void };
}) {
  const { db, clock } = deps;

  const boostedFirst = (order: ListOrder) => order === 'TOP' || sortPutsBoostedFirst(order);

  /**
   * What ANALYZE knows of the announcements (word and filter frequencies), which picks each
   * search's plan; read again every STATISTICS_TTL_MS (PostgreSQL refreshes it after enough writes).
   */
  let statistics: { until: number; value: Promise<SearchStatistics> } | null = null;
  function currentStatistics(): Promise<SearchStatistics> {
    const now = Date.now();
    if (!statistics || statistics.until <= now) {
      const value = searchStatistics(db).catch(() => NO_STATISTICS);
      statistics = { until: now + STATISTICS_TTL_MS, value };
    }
    return statistics.value;
  }

  /** Cards kept between requests while the index (whose sync invalidates them) is loaded. */
  const cardCache = deps.searchIndex
    ? createCardCache({ db, searchIndex: deps.searchIndex })
    : null;

  /**
   * A page of ids and, when asked, the number of matches up to SEARCH_COUNT_CAP (null beyond);
   * `synced` when the index was synced for it.
   */
  async function find(request: ListRequest, withTotal: boolean) {
    const index =
      deps.searchIndex && isIndexable(request.criteria, request.order)
        ? await deps.searchIndex.current()
        : null;
    const synced = index !== null;
    // Null: too many matches for the index to collect (dense along any order: PostgreSQL walks).
    const found = index?.find({
      ...request,
      boostedFirst: boostedFirst(request.order),
      now: clock.now(),
      cap: SEARCH_COUNT_CAP,
    });
    if (found) return { items: found.items, total: withTotal ? found.total : null, synced };
    const listed = await findAnnonces(db, {
      ...request,
      boostedFirst: boostedFirst(request.order),
      now: clock.now(),
      cap: SEARCH_COUNT_CAP,
      withTotal,
      statistics: await currentStatistics(),
    });
    return { ...listed, synced };
  }

  /**
   * Home sections' lists (ids and positions of public, VALIDATED announcements; nothing about the
   * viewer: favourites and "seen" are read per request), keyed by what they depend on: criteria,
   * order and reference position. A user's alert, a type's latest and the top are recomputed
   * after HOME_LIST_TTL_MS, and when the generation moved, unless the search index's change log
   * shows that none of the announcements changed since is in the list or answers its criteria
   * (keptUnlessChanged): after a validation, only the lists the new announcement can enter are
   * computed again. Every user's alert lists walked again in PostgreSQL (20-90 ms each) were
   * most of what the site's requests waited for after a validation
   * (bench/results/notifications-end-to-end-2026-12-04-notes.md).
   */
  const homeLists = new Map<
    string,
    {
      until: number;
      generation: string;
      /** The change log's version when the list was asked for (changes since may be in it). */
      version: number;
      items: Promise<ListedAnnonce[]>;
    }
  >();
  const changes = deps.searchIndex ? watchChanges(deps.searchIndex) : null;
  function homeList(request: ListRequest, generation: string): Promise<ListedAnnonce[]> {
    const key = JSON.stringify(request);
    const now = clock.now().getTime();
    const cached = homeLists.get(key);
    if (cached && cached.until > now) {
      if (cached.generation === generation) return cached.items;
      return keptUnlessChanged(key, cached, request, generation);
    }
    return listAnew(key, request, generation);
  }

  function listAnew(key: string, request: ListRequest, generation: string) {
    const now = clock.now().getTime();
    // Read before the list: a change applied while it is found is looked at again later.
    const version = changes?.version() ?? 0;
    const items = find(request, false).then((found) => found.items);
    homeLists.delete(key);
    homeLists.set(key, { until: now + HOME_LIST_TTL_MS, generation, version, items });
    items.catch(() => homeLists.delete(key));
    if (homeLists.size > HOME_LIST_CACHE_SIZE) {
      homeLists.delete(homeLists.keys().next().value!);
    }
    return items;
  }

  /** A kept list of an older generation: kept when the changes since cannot alter it. */
  async function keptUnlessChanged(
    key: string,
    cached: NonNullable<ReturnType<typeof homeLists.get>>,
    request: ListRequest,
    generation: string,
  ): Promise<ListedAnnonce[]> {
    if (changes && deps.searchIndex?.loaded) {
      // Every change committed before this call applied, and logged.
      await deps.searchIndex.current();
      const version = changes.version();
      const changed = changes.since(cached.version);
      const items = await cached.items.catch(() => null);
      if (changed && items && !(await changesConcern(changed, version, items, request.criteria))) {
        // Its generation stays: the one read by this request may have moved before the change
        // that moved it committed (a sequence is not transactional), so the next request looks
        // at the log again, from here on.
        if (homeLists.get(key) === cached) cached.version = Math.max(cached.version, version);
        return items;
      }
    }
    return listAnew(key, request, generation);
  }

  /**
   * Whether any of these changed announcements is in the list or, listed now, answers its
   * criteria (the search's own rule, savedSearchMatcher): if none, the list is what it was.
   */
  async function changesConcern(
    changed: readonly number[],
    /** The change log's version they were read at. */
    version: number,
    items: readonly ListedAnnonce[],
    criteria: SearchCriteria,
  ): Promise<boolean> {
    if (changed.length === 0) return false;
    const listed = new Set(items.map((item) => item.id));
    if (changed.some((id) => listed.has(id))) return true;
    const annonces = await changedToMatch(changed, version);
    return annonces.some((annonce) => annonce.matches(criteria));
  }

  /**
   * The changed announcements read once for all the lists that ask about the same ones at the same
   * version of the change log (after a validation, every user's lists ask about it), each with its
   * matcher. A later change of one of them is a later version: read again.
   */
  const matchables = new Map<
    string,
    Promise<{ matches: (criteria: SearchCriteria) => boolean }[]>
  >();
  function changedToMatch(changed: readonly number[], version: number) {
    const key = `${version}:${[...changed].sort((a, b) => a - b).join(',')}`;
    let found = matchables.get(key);
    if (!found) {
      found = listedToMatch(db, changed).then((annonces: MatchableAnnonce[]) =>
        annonces.map((annonce) => ({ matches: savedSearchMatcher(annonce) })),
      );
      matchables.set(key, found);
      found.catch(() => matchables.delete(key));
      // A handful of change sets are asked about at a time: the oldest go.
      if (matchables.size > 16) matchables.delete(matchables.keys().next().value!);
    }
    return found;
  }

  /** Whole homes per user, position and language (see homeJson), least recently used first. */
  const homes = new Map<string, KeptHome>();

  /** The vehicle types having announcements change only with the generation. */
  let typesCache: {
    generation: string;
    until: number;
    list: ReturnType<typeof vehicleTypesWithAnnonces>;
  } | null = null;
  function typesWithAnnonces(generation: string) {
    const now = clock.now().getTime();
    if (typesCache && typesCache.generation === generation && typesCache.until > now)
      return typesCache.list;
    const list = vehicleTypesWithAnnonces(db);
    typesCache = { generation, until: now + HOME_LIST_TTL_MS, list };
    list.catch(() => (typesCache = null));
    return list;
  }

  /**
   * Cards of several lists (kept ones, else one card query): each list keeps its order. `synced`:
   * the request synced the index already.
   */
  async function present(
    viewer: Viewer,
    lists: ListedAnnonce[][],
    distanceFrom: LatLng | null = null,
    synced = false,
  ): Promise<DiscoveryCard[][]> {
    const ids = [...new Set(lists.flat().map((item) => item.id))];
    const context = {
      publicUrl: deps.publicUrl,
      signingSecret: deps.signingSecret,
      now: clock.now(),
      locale: viewer.locale,
    };
    const cards =
      (await cardCache?.cards(viewer, ids, context, synced)) ??
      (await loadAnnonceCards(db, ids, viewer, context));
    const byId = new Map(cards.map((card) => [card.id, card]));
    return lists.map((items) =>
      items.flatMap((item) => {
        const card = byId.get(item.id);
        // A cached home list may name an announcement withdrawn since: never show it.
        if (!card || card.status.value !== 'VALIDATED') return [];
        const distance =
          item.distanceKm ??
          (distanceFrom && item.latitude !== null && item.longitude !== null
            ? distanceKm(distanceFrom, { latitude: item.latitude, longitude: item.longitude })
            : null);
        return [
          {
            ...card,
            latitude: roundedPosition(item.latitude),
            longitude: roundedPosition(item.longitude),
            distanceKm: distance === null ? null : Math.round(distance * 10) / 10,
          },
        ];
      }),
    );
  }

  /** A page plus the (capped) total; one extra row tells whether another page exists. */
  async function page(viewer: Viewer, request: ListRequest) {
    const { items, total, synced } = await find({ ...request, limit: request.limit + 1 }, true);
    const [cards] = await present(viewer, [items.slice(0, request.limit)], null, synced);
    return {
      annonces: cards!,
      isEndOfData: items.length <= request.limit,
      totalNbAnnonces: total ?? SEARCH_COUNT_CAP,
      isTotalNbAnnoncesCapped: total === null,
    };
  }

  /** Where distances are measured from: the location filter's centre, else the user. */
  function referencePoint(criteria: SearchCriteria, user: LatLng | null): LatLng | null {
    return locationOf(criteria) ?? user;
  }

  /**
   * Kept homes being rebuilt off the request path, by key. HOME_REFRESHES_AT_ONCE run at a time,
   * the others wait their turn: after a validation every active user's home is refreshed, and
   * each refresh holds a database connection the requests also need.
   */
  const refreshes = new Map<string, Promise<void>>();
  let freeRefreshSlots = HOME_REFRESHES_AT_ONCE;
  const waitingForSlot: (() => void)[] = [];

  return {
    /** POST /search/getSearchAnnonces. */
    async search(viewer: Viewer, request: SearchAnnoncesRequest): Promise<SearchAnnoncesResponse> {
      const from = referencePoint(request.criteria, request.userPosition);
      const sort = effectiveSort(request.sort, from !== null);
      const result = await page(viewer, {
        criteria: request.criteria,
        order: sort,
        from,
        offset: request.offset,
        limit: SEARCH_PAGE_SIZE,
      });
      return { ...result, researchSorting: sort };
    },

    /**
     * POST /search/getSearchMapPoints: every match of a search with a theft position, in the
     * search's order, up to MAP_POINTS_CAP, each with only what a marker's small card shows.
     */
    async mapPoints(
      viewer: Viewer,
      request: SearchAnnoncesRequest,
    ): Promise<SearchMapPointsResponse> {
      const from = referencePoint(request.criteria, request.userPosition);
      const { items, synced } = await find(
        {
          criteria: request.criteria,
          order: effectiveSort(request.sort, from !== null),
          from,
          offset: 0,
          limit: MAP_POINTS_CAP + 1,
        },
        false,
      );
      const kept = items.slice(0, MAP_POINTS_CAP);
      const [cards] = await present(
        viewer,
        [kept.filter((item) => item.latitude !== null && item.longitude !== null)],
        from,
        synced,
      );
      return {
        points: cards!.flatMap((card) =>
          card.latitude === null || card.longitude === null
            ? []
            : [
                {
                  id: card.id,
                  title: card.title,
                  latitude: card.latitude,
                  longitude: card.longitude,
                  address: card.address,
                  departement: card.departement,
                  thumbnailUrl: card.vehicleFiles[0]?.thumbnailUrl ?? null,
                  additionnalRewardLevel: card.additionnalRewardLevel,
                  isBoosted: card.isBoosted,
                  date: card.date,
                },
              ],
        ),
        isCapped: items.length > MAP_POINTS_CAP,
      };
    },

    /** POST /home/getTopAnnonces: boosted first, then reward level, views and recency. */
    async top(viewer: Viewer, offset: number) {
      return page(viewer, {
        criteria: EMPTY_SEARCH_CRITERIA,
        order: 'TOP',
        from: null,
        offset,
        limit: SEARCH_PAGE_SIZE,
      });
    },

    /** POST /search/getSortObjectsForRadioButtons. */
    sortObjects(locale: Locale, hasPosition: boolean) {
      return {
        sortObjects: SEARCH_SORTS.map((sort) => ({ value: sort.value, text: sort[locale] })),
        sortSelectedValue: effectiveSort(null, hasPosition),
      };
    },

    /**
     * POST /home/getHomeData: the sections in display order. CLOSE_ANNONCES only with a position;
     * one SAVED_SEARCH_ANNONCES per alert and one VEHICLE_ANNONCES per type having announcements.
     * Every section mirrors the search its "see everything" button opens.
     */
    async home(viewer: Viewer, userPosition: LatLng | null): Promise<HomeGroup[]> {
      const sections = await homeSections(viewer, userPosition);
      return presentHome(viewer, userPosition, sections, await discoveryGeneration(db));
    },

    homeJson,
  };

  /** Rebuilds a kept home off the request path, once per key at a time (see refreshes). */
  function refreshLater(key: string, refresh: () => Promise<unknown>) {
    if (refreshes.has(key)) return;
    const done = (async () => {
      if (freeRefreshSlots > 0) freeRefreshSlots--;
      else await new Promise<void>((resolve) => waitingForSlot.push(resolve));
      try {
        await refresh();
      } catch (error) {
        // The kept home stays; the next visit asks for a refresh again.
        deps.log?.warn({ err: error }, 'home refresh failed');
      } finally {
        refreshes.delete(key);
        const next = waitingForSlot.shift();
        if (next) next();
        else freeRefreshSlots++;
      }
    })();
    refreshes.set(key, done);
  }

  /**
   * POST /home/getHomeData as UTF-8 JSON, encoded once: a home is about 200 kB, and encoding the
   * same text again at every request was a fifth of a cached home's CPU (bench). A user's home is
   * kept HOME_LIST_TTL_MS for the same position and language (the web app asks again at every
   * visit of the home) as long as the user's alerts are unchanged; the favourite and "seen" flags
   * are read again at every request. Never shared between users.
   *
   * When the discovery generation moved (an announcement validated, boosted, edited…) or the lists'
   * delay passed, and none of the kept home's cards left the lists, the kept home is answered and
   * rebuilt off the request path (refreshLater): a validation moves the generation for every user
   * at once, and each user's first home then waited for its lists to be rebuilt behind the alert
   * fan-out's writes (home p95 +554 % during a Paris fan-out,
   * bench/results/notifications-end-to-end-*.md). A withdrawn card is never answered: a kept home
   * that lost one is rebuilt at once. A visit while the rebuild runs gets the kept home too:
   * making it wait put the queue of rebuilds back on the request path (170 ms on the home's p95
   * during a Paris fan-out). The visit after the rebuild has the new announcement.
   */
  async function homeJson(viewer: Viewer, userPosition: LatLng | null): Promise<PreparedAnswer> {
    const key = JSON.stringify([viewer.userId, viewer.locale, userPosition]);
    const now = clock.now().getTime();
    const cached = homes.get(key);
    if (cached && cached.answerableUntil > now) {
      const withinDelay = cached.until > now;
      const stamp = await homeStamp(db, viewer.userId, cached.ids);
      if (stamp.alerts === cached.alerts) {
        if (withinDelay && stamp.generation === cached.generation) {
          return keptAnswer(key, cached, stamp);
        }
        if ((await stillListed(db, cached.ids)) === cached.ids.length) {
          refreshLater(key, () => buildHome(key, viewer, userPosition));
          return keptAnswer(key, cached, stamp);
        }
      }
      // The stamp just read says what the rebuild depends on: not read a second time.
      return builtAnswer(await buildHome(key, viewer, userPosition, stamp));
    }
    return builtAnswer(await buildHome(key, viewer, userPosition));
  }

  /**
   * A home just built, encoded and kept as its answer, with the flags its cards carry, so that the
   * next visit with the same flags sends these very bytes: after a validation every active user's
   * home is built again, and each 200 kB answer encoded a second time at the next visit was a share
   * of the burst the site's other requests waited behind (bench/results/notifications-*).
   */
  function builtAnswer(built: KeptHome): PreparedAnswer {
    const cards = built.groups.flatMap((group) => group.annonces);
    const favourites = cards.filter((card) => card.annonceFavorite).map((card) => card.id);
    // keptAnswer marks its own cards seen whatever the stamp says: only the others' tell.
    const seen = cards
      .filter((card) => card.userHasSeenAnnonce && !card.isMine)
      .map((card) => card.id);
    const answer = new PreparedAnswer(
      cardListsBytes(built.groups),
      homeFirstPhotoHeaders(built.groups),
    );
    built.json = { flags: flagsKey(new Set(favourites), new Set(seen)), answer };
    return answer;
  }

  /** A kept home with this request's favourite and "seen" flags (the same bytes when unchanged). */
  function keptAnswer(
    key: string,
    cached: KeptHome,
    stamp: { favourites: Set<number>; seen: Set<number> },
  ): PreparedAnswer {
    // Moved to the most recent end only if still the one kept: a rebuild that ended while this
    // request waited for its stamp must not be replaced by the older home it answers.
    if (homes.get(key) === cached) {
      homes.delete(key);
      homes.set(key, cached);
    }
    const flags = flagsKey(stamp.favourites, stamp.seen);
    if (cached.json?.flags !== flags) {
      // The copies carry their kept card (card-json.ts): written from its JSON and the flags.
      const answer = new PreparedAnswer(
        cardListsBytes(
          cached.groups.map((group) => ({
            ...group,
            annonces: group.annonces.map((card) => ({
              ...card,
              annonceFavorite: stamp.favourites.has(card.id),
              userHasSeenAnnonce: card.isMine || stamp.seen.has(card.id),
            })),
          })),
        ),
        homeFirstPhotoHeaders(cached.groups),
      );
      cached.json = { flags, answer };
    }
    return cached.json.answer;
  }

  /**
   * A user's home built and kept, not yet encoded (a rebuild off the request path is encoded by
   * the visit that first answers it): the lists again, but not the sections while the alerts
   * stay. Every user's first home after a validation used to read its alerts, their summaries
   * and the position again (half a dozen queries queued behind the fan-out's writes,
   * bench/results/notifications-end-to-end-*.md); the shared lists (latest, per type, top) are
   * rebuilt once per generation (homeList).
   */
  async function buildHome(
    key: string,
    viewer: Viewer,
    userPosition: LatLng | null,
    /** The generation and alerts this request already read (a rebuild off the path reads its own). */
    stamp?: { generation: string; alerts: string },
  ): Promise<KeptHome> {
    const now = clock.now().getTime();
    const cached = homes.get(key);
    const before = stamp ?? (await homeStamp(db, viewer.userId, []));
    const kept =
      cached && cached.sectionsUntil > now && cached.alerts === before.alerts ? cached : null;
    const sections = kept?.sections ?? (await homeSections(viewer, userPosition));
    const [home] = await Promise.all([
      presentHome(viewer, userPosition, sections, before.generation),
      // The position remembered as often as before: when the lists' delay has passed.
      kept && kept.until <= now ? remember(viewer, userPosition) : null,
    ]);
    const groups = checkedHome(home);
    const built: KeptHome = {
      until: now + HOME_LIST_TTL_MS,
      answerableUntil: now + HOME_ANSWERED_WHILE_REBUILT_MS,
      sectionsUntil: kept?.sectionsUntil ?? now + HOME_SECTIONS_TTL_MS,
      generation: before.generation,
      alerts: before.alerts,
      sections,
      groups,
      ids: [...new Set(groups.flatMap((group) => group.annonces.map((card) => card.id)))],
    };
    homes.delete(key);
    homes.set(key, built);
    if (homes.size > HOME_CACHE_SIZE) homes.delete(homes.keys().next().value!);
    return built;
  }

  /** The user's last known position (the alert fan-out's "near"), when the home sends one. */
  function remember(viewer: Viewer, userPosition: LatLng | null) {
    return userPosition
      ? deps.savedSearches.rememberLastPosition(
          viewer.userId,
          userPosition.latitude,
          userPosition.longitude,
        )
      : null;
  }

  /**
   * What a user's home shows besides the lists: their alerts with their summaries (the position
   * remembered on the way). Depends on the alerts, not on the announcements.
   */
  async function homeSections(viewer: Viewer, userPosition: LatLng | null): Promise<HomeSections> {
    const [alerts] = await Promise.all([
      deps.savedSearches.rowsOf(viewer),
      remember(viewer, userPosition),
    ]);
    const criteria = alerts.map(criteriaOfRow);
    const descriptions = await deps.savedSearches.describeAll(
      alerts.map((row, index) => ({ criteria: criteria[index]!, address: row.address })),
      viewer.locale,
    );
    return alerts.map((alert, index) => ({
      id: alert.id,
      name: alert.name,
      sort: (alert.researchSorting as SearchSort | null) ?? null,
      criteria: criteria[index]!,
      description: descriptions[index]!,
    }));
  }

  /**
   * The home sections in display order. CLOSE_ANNONCES only with a position; one
   * SAVED_SEARCH_ANNONCES per alert and one VEHICLE_ANNONCES per type having announcements. Every
   * section mirrors the search its "see everything" button opens.
   */
  async function presentHome(
    viewer: Viewer,
    userPosition: LatLng | null,
    alerts: HomeSections,
    generation: string,
  ): Promise<HomeGroup[]> {
    const first = { offset: 0, limit: HOME_GROUP_SIZE };
    const types = await typesWithAnnonces(generation);

    const requests: {
      group: Omit<HomeGroup, 'annonces'>;
      list: ListRequest;
      /** Nearest first around the user's own position: cheap, and rarely asked twice. */
      uncached?: boolean;
    }[] = [];
    const fixed = (annonceType: keyof typeof HOME_GROUP_TITLE_KEYS) => ({
      annonceType,
      title: HOME_GROUP_TITLE_KEYS[annonceType],
      isI18n: true,
      vehicleTypeId: null,
      savedSearchId: null,
      savedSearchDescription: null,
    });
    if (userPosition) {
      requests.push({
        group: fixed('CLOSE_ANNONCES'),
        list: {
          ...first,
          criteria: normalizeCriteria({ ...userPosition, locationRadius: HOME_CLOSE_RADIUS_KM }),
          order: 'PROXIMITY',
          from: userPosition,
        },
        uncached: true,
      });
    }
    requests.push({
      group: fixed('LAST_ANNONCES'),
      list: { ...first, criteria: EMPTY_SEARCH_CRITERIA, order: 'MOST_RECENT', from: null },
    });
    for (const alert of alerts) {
      const from = referencePoint(alert.criteria, userPosition);
      requests.push({
        group: {
          annonceType: 'SAVED_SEARCH_ANNONCES',
          title: alert.name,
          isI18n: false,
          vehicleTypeId: null,
          savedSearchId: alert.id,
          savedSearchDescription: alert.description,
        },
        list: {
          ...first,
          criteria: alert.criteria,
          order: effectiveSort(alert.sort, from !== null),
          from,
        },
      });
    }
    for (const type of types) {
      requests.push({
        group: {
          annonceType: 'VEHICLE_ANNONCES',
          title: viewer.locale === 'en' ? type.nameEn : type.nameFr,
          isI18n: false,
          vehicleTypeId: type.id,
          savedSearchId: null,
          savedSearchDescription: null,
        },
        list: {
          ...first,
          criteria: normalizeCriteria({ vehicleTypeIds: [type.id] }),
          order: 'MOST_RECENT',
          from: null,
        },
      });
    }
    requests.push({
      group: fixed('TOP_ANNONCES'),
      list: { ...first, criteria: EMPTY_SEARCH_CRITERIA, order: 'TOP', from: null },
    });

    const lists = await Promise.all(
      requests.map(({ list: request, uncached }) =>
        uncached
          ? find(request, false).then((found) => found.items)
          : homeList(request, generation),
      ),
    );
    const cards = await present(viewer, lists, userPosition);
    return requests.map((request, index) => ({ ...request.group, annonces: cards[index]! }));
  }
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
