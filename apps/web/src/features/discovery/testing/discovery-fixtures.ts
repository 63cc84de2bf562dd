import type {
  DiscoveryCard,
  HomeGroup,
  MapPoint,
  SearchMapPointsResponse,
  SearchAnnoncesResponse,
  SubFilterOption,
} from '@app/domain';
import { makeCard } from '@/components/annonce-card/annonce-card.fixtures';

/** A discovery card (a card plus its rounded theft position), for the discovery tests. */
export function makeDiscoveryCard(overrides: Partial<DiscoveryCard> = {}): DiscoveryCard {
  return { ...makeCard(), latitude: 43.6, longitude: 1.44, distanceKm: null, ...overrides };
}

/** `count` cards with ids from `firstId`, titled "Annonce n". */
export function makeCards(count: number, firstId = 1): DiscoveryCard[] {
  return Array.from({ length: count }, (_, index) =>
    makeDiscoveryCard({
      id: firstId + index,
      serverId: firstId + index,
      title: `Annonce ${firstId + index}`,
      latitude: 43.6 + index * 0.01,
      longitude: 1.44,
    }),
  );
}

export function makeGroup(overrides: Partial<HomeGroup> = {}): HomeGroup {
  return {
    annonceType: 'LAST_ANNONCES',
    title: 'home.group.lastAnnonces',
    isI18n: true,
    annonces: [],
    vehicleTypeId: null,
    savedSearchId: null,
    savedSearchDescription: null,
    ...overrides,
  };
}

export function searchPage(
  annonces: DiscoveryCard[],
  overrides: Partial<SearchAnnoncesResponse> = {},
): SearchAnnoncesResponse {
  return {
    annonces,
    isEndOfData: true,
    totalNbAnnonces: annonces.length,
    isTotalNbAnnoncesCapped: false,
    researchSorting: 'MOST_RECENT',
    ...overrides,
  };
}

export const SORT_OBJECTS = {
  sortObjects: [
    { value: 'PROXIMITY', text: 'Proximité' },
    { value: 'MOST_RECENT', text: 'Plus récentes' },
    { value: 'LEAST_RECENT', text: 'Plus anciennes' },
  ],
  sortSelectedValue: 'MOST_RECENT',
};

export function option(overrides: Partial<SubFilterOption>): SubFilterOption {
  return {
    id: null,
    enumValue: null,
    name: '',
    isHigherCategory: false,
    higherCategoryId: null,
    rangeOfHigherCategory: null,
    isSelected: false,
    isVisible: true,
    ...overrides,
  };
}

/** The map's small card of a discovery card. */
export function toMapPoint(card: DiscoveryCard): MapPoint {
  return {
    id: card.id,
    title: card.title,
    latitude: card.latitude ?? 43.6,
    longitude: card.longitude ?? 1.44,
    address: card.address,
    departement: card.departement,
    thumbnailUrl: card.vehicleFiles[0]?.thumbnailUrl ?? null,
    additionnalRewardLevel: card.additionnalRewardLevel,
    isBoosted: card.isBoosted,
    date: card.date,
  };
}

export function mapPoints(cards: DiscoveryCard[], isCapped = false): SearchMapPointsResponse {
  return { points: cards.map(toMapPoint), isCapped };
}
