import { normalizeSearchText } from '../reference/search-text';
import { COLORS } from '../reference/vehicle-attributes';
import { isWithinRadius } from './geo';
import { locationOf, searchWords, type SearchCriteria } from './search-criteria';

/** What the matcher needs to know of an announcement. */
export interface MatchableAnnonce {
  vehicleTypeId: number | null;
  brandId: number | null;
  modelId: number | null;
  modelFinishId: number | null;
  color: string | null;
  energy: string | null;
  fiscalPower: number | null;
  latitude: number | null;
  longitude: number | null;
  /**
   * The announcement's searchable text: the `annonces.search_text` column, or
   * `annonceSearchText(...)` of its labels (the same words).
   */
  searchText: string | null;
}

/** The labels the search reads, in the order the database builds `annonces.search_text`. */
export interface AnnonceSearchTextParts {
  vehicleTypeName?: string | null;
  brandName?: string | null;
  modelName?: string | null;
  modelFinishName?: string | null;
  color?: string | null;
  city?: string | null;
  departmentCode?: string | null;
  departmentName?: string | null;
  description?: string | null;
}

/** The same text as the database trigger (migration 0007): French colour label, normalised. */
export function annonceSearchText(parts: AnnonceSearchTextParts): string {
  const colorLabel = COLORS.find(
    (color) => color.value === parts.color && color.value !== 'UNDEFINED',
  )?.fr;
  return normalizeSearchText(
    [
      parts.vehicleTypeName,
      parts.brandName,
      parts.modelName,
      parts.modelFinishName,
      colorLabel,
      parts.city,
      parts.departmentCode,
      parts.departmentName,
      parts.description,
    ]
      .filter((part): part is string => typeof part === 'string' && part !== '')
      .join(' '),
  );
}

const inList = <T>(list: readonly T[], value: T | null) =>
  list.length === 0 || (value !== null && list.includes(value));

/**
 * Whether an announcement answers a search: the same rules as POST /search/getSearchAnnonces, in
 * memory. Used to tell users that a newly validated announcement matches one of their alerts
 * (NEW_ALERT_VEHICLES). Every criterion set must hold: each word of the text is a word of the
 * announcement's text; each non-empty list contains the announcement's value; fiscal power bounds
 * hold (an announcement without fiscal power fails a bound); the theft position lies within the radius.
 */
export function savedSearchMatchesAnnonce(
  savedSearch: SearchCriteria,
  annonce: MatchableAnnonce,
): boolean {
  return savedSearchMatcher(annonce)(savedSearch);
}

/**
 * `savedSearchMatchesAnnonce` for one announcement and many searches: the announcement's words are
 * normalised once, not once per search (the alert fan-out tests thousands).
 */
export function savedSearchMatcher(
  annonce: MatchableAnnonce,
): (savedSearch: SearchCriteria) => boolean {
  const annonceWords = new Set(normalizeSearchText(annonce.searchText ?? '').split(' '));
  return (savedSearch) => {
    if (!inList(savedSearch.vehicleTypeIds, annonce.vehicleTypeId)) return false;
    if (!inList(savedSearch.brandIds, annonce.brandId)) return false;
    if (!inList(savedSearch.modelIds, annonce.modelId)) return false;
    if (!inList(savedSearch.modelFinishIds, annonce.modelFinishId)) return false;
    if (!inList<string>(savedSearch.colors, annonce.color)) return false;
    if (!inList<string>(savedSearch.energies, annonce.energy)) return false;
    if (savedSearch.minFiscalPower !== null && savedSearch.minFiscalPower > 0) {
      if (annonce.fiscalPower === null || annonce.fiscalPower < savedSearch.minFiscalPower)
        return false;
    }
    if (savedSearch.maxFiscalPower !== null) {
      if (annonce.fiscalPower === null || annonce.fiscalPower > savedSearch.maxFiscalPower)
        return false;
    }
    const location = locationOf(savedSearch);
    if (location) {
      if (annonce.latitude === null || annonce.longitude === null) return false;
      const point = { latitude: annonce.latitude, longitude: annonce.longitude };
      if (!isWithinRadius(location, point, location.radiusKm)) return false;
    }
    return searchWords(savedSearch.researchText).every((word) => annonceWords.has(word));
  };
}
