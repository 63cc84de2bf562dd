import type { Color, Energy } from '../reference/vehicle-attributes';
import { normalizeSearchText } from '../reference/search-text';

/** docs/product/discovery.md §5 and §9. */
export const SEARCH_TEXT_MAX_LENGTH = 250;
export const SEARCH_PAGE_SIZE = 12;
/** Deeper pages cost more for nobody: "see more" 12 by 12 never gets there. */
export const SEARCH_MAX_OFFSET = 10_000;
/** totalNbAnnonces counts exactly up to this, then says "at least" (isTotalNbAnnoncesCapped). */
export const SEARCH_COUNT_CAP = 100;
/** Markers the map asks for at most in one search (one small card each: about 300 B). */
export const MAP_POINTS_CAP = 500;
export const LOCATION_RADIUS_MIN_KM = 1;
export const LOCATION_RADIUS_MAX_KM = 200;
export const LOCATION_RADIUS_DEFAULT_KM = 1;
export const FISCAL_POWER_MIN = 0;
export const FISCAL_POWER_MAX = 30;
/** Ids per list: far more than a filter list offers, small enough for an IN (...). */
export const SEARCH_MAX_IDS_PER_LIST = 200;

/**
 * What a search or a saved search filters on, normalised: text trimmed (null when blank), lists
 * deduplicated and sorted, bounds that filter nothing dropped (minimum 0, maximum at the slider's top).
 */
export interface SearchCriteria {
  researchText: string | null;
  locationRadius: number | null;
  latitude: number | null;
  longitude: number | null;
  vehicleTypeIds: number[];
  brandIds: number[];
  modelIds: number[];
  modelFinishIds: number[];
  colors: Color[];
  energies: Energy[];
  minFiscalPower: number | null;
  maxFiscalPower: number | null;
}

export const EMPTY_SEARCH_CRITERIA: SearchCriteria = {
  researchText: null,
  locationRadius: null,
  latitude: null,
  longitude: null,
  vehicleTypeIds: [],
  brandIds: [],
  modelIds: [],
  modelFinishIds: [],
  colors: [],
  energies: [],
  minFiscalPower: null,
  maxFiscalPower: null,
};

const sortedUnique = <T extends string | number>(values: readonly T[]): T[] =>
  [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

export function normalizeCriteria(input: Partial<SearchCriteria>): SearchCriteria {
  const text = input.researchText?.trim() ?? '';
  const min = input.minFiscalPower ?? null;
  const max = input.maxFiscalPower ?? null;
  return {
    researchText: text === '' ? null : text,
    locationRadius: input.locationRadius ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    vehicleTypeIds: sortedUnique(input.vehicleTypeIds ?? []),
    brandIds: sortedUnique(input.brandIds ?? []),
    modelIds: sortedUnique(input.modelIds ?? []),
    modelFinishIds: sortedUnique(input.modelFinishIds ?? []),
    colors: sortedUnique(input.colors ?? []),
    energies: sortedUnique(input.energies ?? []),
    minFiscalPower: min === null || min <= FISCAL_POWER_MIN ? null : min,
    // "Maximum sent as null when equal to the upper limit" (docs/product/discovery.md §5).
    maxFiscalPower: max === null || max >= FISCAL_POWER_MAX ? null : max,
  };
}

/** The location filter applies when both coordinates are known; the radius defaults to 1 km. */
export function locationOf(criteria: SearchCriteria) {
  if (criteria.latitude === null || criteria.longitude === null) return null;
  return {
    latitude: criteria.latitude,
    longitude: criteria.longitude,
    radiusKm: criteria.locationRadius ?? LOCATION_RADIUS_DEFAULT_KM,
  };
}

/**
 * docs/product/discovery.md §4: a saved search needs at least one criterion (text, radius, coordinates, a
 * non-empty list, or a non-zero fiscal power bound).
 */
export function hasAnyCriterion(criteria: SearchCriteria): boolean {
  return (
    criteria.researchText !== null ||
    criteria.locationRadius !== null ||
    criteria.latitude !== null ||
    criteria.longitude !== null ||
    criteria.vehicleTypeIds.length > 0 ||
    criteria.brandIds.length > 0 ||
    criteria.modelIds.length > 0 ||
    criteria.modelFinishIds.length > 0 ||
    criteria.colors.length > 0 ||
    criteria.energies.length > 0 ||
    (criteria.minFiscalPower !== null && criteria.minFiscalPower !== 0) ||
    (criteria.maxFiscalPower !== null && criteria.maxFiscalPower !== 0)
  );
}

/**
 * The words the text search looks for: the normalised text (lower case, no accents, punctuation as
 * spaces) split on spaces, without repeats. Each must be a word of the announcement's text.
 */
export function searchWords(text: string | null): string[] {
  if (!text) return [];
  const normalized = normalizeSearchText(text);
  return normalized === '' ? [] : [...new Set(normalized.split(' '))];
}

/**
 * The canonical form of the criteria (what makes two saved searches "the same search"): the text
 * compared as its words, coordinates to about 10 m.
 */
export function criteriaKey(criteria: SearchCriteria): string {
  const round = (value: number | null) => (value === null ? null : Math.round(value * 10_000));
  return JSON.stringify([
    searchWords(criteria.researchText).sort(),
    criteria.locationRadius,
    round(criteria.latitude),
    round(criteria.longitude),
    criteria.vehicleTypeIds,
    criteria.brandIds,
    criteria.modelIds,
    criteria.modelFinishIds,
    criteria.colors,
    criteria.energies,
    criteria.minFiscalPower,
    criteria.maxFiscalPower,
  ]);
}
