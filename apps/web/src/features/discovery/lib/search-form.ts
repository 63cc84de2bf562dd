import { formBody } from '@/lib/form-body';
import { criteriaForm, EMPTY_FILTERS, type Filters } from './filters';

/** A position as the search sends it (the user's, for distances and the nearest-first sort). */
interface SearchPosition {
  latitude: number;
  longitude: number;
}

/** The form of POST /search/getSearchAnnonces for a page of the results (docs/product/discovery.md §7). */
export function searchAnnoncesForm(filters: Filters, offset: number, user: SearchPosition | null) {
  return {
    offset,
    researchSorting: filters.researchSorting,
    userLatitude: user?.latitude,
    userLongitude: user?.longitude,
    ...criteriaForm(filters),
  };
}

/**
 * The body of the first request of the search's address without criteria (`/search`): no filters
 * and, while the phone has not yet said where it is, no position. Known at build, so that
 * index.html's script can send it before the app runs (api/early-search-boot.ts).
 */
export const plainSearchFirstBody = () =>
  formBody(searchAnnoncesForm(EMPTY_FILTERS, 0, null)).toString();
