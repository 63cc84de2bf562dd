import {
  effectiveSort,
  EMPTY_SEARCH_CRITERIA,
  HOME_CLOSE_RADIUS_KM,
  HOME_GROUP_SIZE,
  HOME_GROUP_TITLE_KEYS,
  locationOf,
  normalizeCriteria,
  distanceKm,
  roundedPosition,
  searchWords,
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
  type SearchSort,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { loadAnnonceCards } from '../annonces/annonce-card.presenter';
import { rememberLastPosition } from '../saved-searches/saved-searches.repository';
import { criteriaOfRow, type SavedSearchesService } from '../saved-searches/saved-searches.service';
import {
  countAnnonces,
  departmentBoxes,
  searchHintsFor,
  listAnnonces,
  shouldWalkSortIndex,
  vehicleTypesWithAnnonces,
  type DepartmentBox,
  type ListedAnnonce,
  type ListOrder,
  type SearchHints,
} from './search.repository';

/** How long the home sections shared by every user are reused. */
export const HOME_SHARED_TTL_MS = 10_000;

export interface Viewer {
  userId: number;
  locale: Locale;
}

interface ListRequest {
  criteria: SearchCriteria;
  order: ListOrder;
  from: LatLng | null;
  offset: number;
  limit: number;
}

/**
 * Home feeds, search and top announcements (discovery.md §2, §7). Everything listed is a VALIDATED
 * announcement; the search repository decides how, this service decides what.
 */
export function createDiscoveryService(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  savedSearches: SavedSearchesService;
}) {
  const { db, clock } = deps;

  const boostedFirst = (order: ListOrder) => order === 'TOP' || sortPutsBoostedFirst(order);

  function list(request: ListRequest, walkSortIndex: boolean, hints: SearchHints = {}) {
    return listAnnonces(db, {
      ...request,
      hints,
      boostedFirst: boostedFirst(request.order),
      walkSortIndex,
      now: clock.now(),
    });
  }

  const shouldWalk = (request: ListRequest, matches: number | null) =>
    shouldWalkSortIndex(request.order, request.criteria, matches);

  /**
   * The home sections every user sees alike (latest, per type, top) are kept HOME_SHARED_TTL_MS:
   * each home otherwise re-reads them. A new validated announcement shows there within that delay.
   */
  const shared = new Map<string, { until: number; items: Promise<ListedAnnonce[]> }>();
  function sharedList(request: ListRequest): Promise<ListedAnnonce[]> {
    const key = JSON.stringify(request);
    const now = clock.now().getTime();
    const cached = shared.get(key);
    if (cached && cached.until > now) return cached.items;
    const items = list(request, false);
    shared.set(key, { until: now + HOME_SHARED_TTL_MS, items });
    items.catch(() => shared.delete(key));
    return items;
  }

  // Department extents never change while the process runs (reference data): read them once.
  let boxes: Promise<DepartmentBox[]> | null = null;

  /** The departments a text search with a radius may find announcements in (see SearchHints). */
  async function hintsFor(criteria: SearchCriteria): Promise<SearchHints> {
    if (!locationOf(criteria) || searchWords(criteria.researchText).length === 0) return {};
    boxes ??= departmentBoxes(db).catch((error: unknown) => {
      boxes = null;
      throw error;
    });
    return searchHintsFor(criteria, await boxes);
  }

  /** Cards of several lists with one card query: each list keeps its order. */
  async function present(
    viewer: Viewer,
    lists: ListedAnnonce[][],
    distanceFrom: LatLng | null = null,
  ): Promise<DiscoveryCard[][]> {
    const ids = [...new Set(lists.flat().map((item) => item.id))];
    const cards = await loadAnnonceCards(db, ids, viewer, {
      publicUrl: deps.publicUrl,
      now: clock.now(),
      locale: viewer.locale,
    });
    const byId = new Map(cards.map((card) => [card.id, card]));
    return lists.map((items) =>
      items.flatMap((item) => {
        const card = byId.get(item.id);
        if (!card) return [];
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
    const hints = await hintsFor(request.criteria);
    const total = await countAnnonces(db, request.criteria, SEARCH_COUNT_CAP + 1, hints);
    const items = await list(
      { ...request, limit: request.limit + 1 },
      shouldWalk(request, total),
      hints,
    );
    const [cards] = await present(viewer, [items.slice(0, request.limit)]);
    return {
      annonces: cards!,
      isEndOfData: items.length <= request.limit,
      totalNbAnnonces: Math.min(total, SEARCH_COUNT_CAP),
      isTotalNbAnnoncesCapped: total > SEARCH_COUNT_CAP,
    };
  }

  /** Where distances are measured from: the location filter's centre, else the user. */
  function referencePoint(criteria: SearchCriteria, user: LatLng | null): LatLng | null {
    return locationOf(criteria) ?? user;
  }

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
      const first = { offset: 0, limit: HOME_GROUP_SIZE };
      const [alerts, types] = await Promise.all([
        deps.savedSearches.rowsOf(viewer),
        vehicleTypesWithAnnonces(db),
        userPosition
          ? rememberLastPosition(db, viewer.userId, userPosition.latitude, userPosition.longitude)
          : null,
      ]);
      const alertCriteria = alerts.map(criteriaOfRow);
      const descriptions = await deps.savedSearches.describeAll(
        alerts.map((row, index) => ({ criteria: alertCriteria[index]!, address: row.address })),
        viewer.locale,
      );

      const requests: {
        group: Omit<HomeGroup, 'annonces'>;
        list: ListRequest;
        isShared?: boolean;
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
        });
      }
      requests.push({
        group: fixed('LAST_ANNONCES'),
        list: { ...first, criteria: EMPTY_SEARCH_CRITERIA, order: 'MOST_RECENT', from: null },
        isShared: true,
      });
      alerts.forEach((alert, index) => {
        const criteria = alertCriteria[index]!;
        const from = referencePoint(criteria, userPosition);
        const sort: SearchSort = effectiveSort(
          (alert.researchSorting as SearchSort | null) ?? null,
          from !== null,
        );
        requests.push({
          group: {
            annonceType: 'SAVED_SEARCH_ANNONCES',
            title: alert.name,
            isI18n: false,
            vehicleTypeId: null,
            savedSearchId: alert.id,
            savedSearchDescription: descriptions[index]!,
          },
          list: { ...first, criteria, order: sort, from },
        });
      });
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
          isShared: true,
        });
      }
      requests.push({
        group: fixed('TOP_ANNONCES'),
        list: { ...first, criteria: EMPTY_SEARCH_CRITERIA, order: 'TOP', from: null },
        isShared: true,
      });

      // Only searches with text or a radius need a count to pick their plan (see shouldWalk).
      const lists = await Promise.all(
        requests.map(async ({ list: request, isShared }) => {
          if (isShared) return sharedList(request);
          const needsCount =
            request.order !== 'PROXIMITY' &&
            (searchWords(request.criteria.researchText).length > 0 ||
              locationOf(request.criteria) !== null);
          const hints = await hintsFor(request.criteria);
          const matches = needsCount
            ? await countAnnonces(db, request.criteria, SEARCH_COUNT_CAP + 1, hints)
            : null;
          return list(request, shouldWalk(request, matches), hints);
        }),
      );
      const cards = await present(viewer, lists, userPosition);
      return requests.map((request, index) => ({ ...request.group, annonces: cards[index]! }));
    },
  };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
