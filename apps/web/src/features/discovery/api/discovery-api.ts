import { type SearchSort, type SubFilterObjectType } from '@app/domain';
import { api } from '@/lib/api-client';
import { formBody } from '@/lib/form-body';
import { discoveryAnswerSchemas } from './discovery-answer-schemas';
import { takeEarlySearch } from './early-search';
import { criteriaForm, selectionsForm, type Filters } from '../lib/filters';
import { searchAnnoncesForm } from '../lib/search-form';

export interface Position {
  latitude: number;
  longitude: number;
}

/**
 * POST /home/getHomeData; failures are ignored (docs/product/discovery.md §8), so silent. `sent`:
 * the same request already sent before the app ran (api/early-home-boot.ts).
 */
export const getHomeData = (position: Position | null, sent?: Promise<Response | null>) =>
  api.post('/home/getHomeData', {
    form: position ? { latitude: position.latitude, longitude: position.longitude } : {},
    schema: discoveryAnswerSchemas.homeData,
    silent: true,
    sent,
  });

/** POST /home/getTopAnnonces; the page shows its own error. */
export const getTopAnnonces = (offset: number) =>
  api.post('/home/getTopAnnonces', {
    form: { offset },
    schema: discoveryAnswerSchemas.topAnnonces,
    silent: true,
  });

/**
 * POST /search/getSearchAnnonces. Silent: the screen shows the 20 s error toast itself while it is
 * on screen (useSearchAnnonces), so that a late answer never toasts over another screen. The first
 * page of `/search` may already have been sent by index.html's script (api/early-search-boot.ts).
 */
export const getSearchAnnonces = (filters: Filters, offset: number, user: Position | null) => {
  const form = searchAnnoncesForm(filters, offset, user);
  return api.post('/search/getSearchAnnonces', {
    form,
    schema: discoveryAnswerSchemas.searchAnnonces,
    silent: true,
    sent: takeEarlySearch(formBody(form).toString()),
  });
};

/** POST /search/getSearchMapPoints: every located match for the map (silent like the search). */
export const getSearchMapPoints = (filters: Filters, user: Position | null) =>
  api.post('/search/getSearchMapPoints', {
    form: {
      researchSorting: filters.researchSorting,
      userLatitude: user?.latitude,
      userLongitude: user?.longitude,
      ...criteriaForm(filters),
    },
    schema: discoveryAnswerSchemas.searchMapPoints,
    silent: true,
  });

export const getSortObjects = (user: Position | null) =>
  api.post('/search/getSortObjectsForRadioButtons', {
    form: user ? { userLatitude: user.latitude, userLongitude: user.longitude } : {},
    schema: discoveryAnswerSchemas.sortObjects,
    silent: true,
  });

export const getSubFilterOptions = (
  objectType: SubFilterObjectType,
  filters: Filters,
  subFilterSearch: string,
) =>
  api.post('/search/getSubFilterObjectsForOptions', {
    form: { objectType, subFilterSearch, ...selectionsForm(filters) },
    schema: discoveryAnswerSchemas.subFilterOptionList,
    silent: true,
  });

/** Lower selections no longer linked to the higher selection (docs/product/discovery.md §4). */
export const getIdsNotLinked = (
  higherFilterObjectType: 'vehicleType' | 'brand' | 'model',
  higherFilterIds: number[],
  subFilterToFilterObjectType: 'brand' | 'model' | 'modelFinish',
  subFilterToFilterIds: number[],
) =>
  api.post('/search/getIdsFromListNotLinkedToHigherFilterIds', {
    form: {
      higherFilterObjectType,
      higherFilterIds: JSON.stringify(higherFilterIds),
      subFilterToFilterObjectType,
      subFilterToFilterIds: JSON.stringify(subFilterToFilterIds),
    },
    schema: discoveryAnswerSchemas.idList,
    silent: true,
  });

/** Group headers whose state a bulk toggle of models or finishes changes. */
export const getHigherCategoryIdsToToggle = (
  objectType: 'model' | 'modelFinish',
  isSelected: boolean,
  toggledElementIds: number[],
  filters: Filters,
) =>
  api.post('/search/getConcernedHiddenHigherCategoryIdsToToggle', {
    form: {
      objectType,
      isSelected,
      toggledElementIds: JSON.stringify(toggledElementIds),
      ...selectionsForm(filters),
    },
    schema: discoveryAnswerSchemas.idList,
    silent: true,
  });

export const getDisplaySelectedValuesText = (
  objectType: SubFilterObjectType,
  values: readonly (string | number)[],
) =>
  api.post('/search/getDisplaySelectedValuesTextForObjectType', {
    form: {
      objectType,
      isEnum: objectType === 'color' || objectType === 'energy',
      objectTypeValues: JSON.stringify(values),
    },
    schema: discoveryAnswerSchemas.displaySelectedValues,
    silent: true,
  });

/** The create-alert modal's summary; a failure is only logged (§8). */
export const getFiltersAlertText = (filters: Filters) =>
  api.post('/search/getDisplaySelectedValuesFiltersAlert', {
    form: { ...criteriaForm(filters), address: filters.address },
    schema: discoveryAnswerSchemas.filtersAlertText,
    silent: true,
  });

export const getFiltersDataFromSavedSearch = (savedSearchId: number) =>
  api.post('/search/getFiltersDataInitialValuesFromSavedSearch', {
    form: { savedSearchId },
    schema: discoveryAnswerSchemas.filtersData,
    silent: true,
  });

export const autocompletePlaces = (q: string) =>
  api.get('/geo/autocomplete', {
    query: { q },
    schema: discoveryAnswerSchemas.geoPlaceList,
    silent: true,
  });

export const searchPlaces = (q: string) =>
  api.get('/geo/search', {
    query: { q },
    schema: discoveryAnswerSchemas.geoPlaceList,
    silent: true,
  });

export const reversePlace = (lat: number, lng: number) =>
  api.get('/geo/reverse', {
    query: { lat, lng },
    schema: discoveryAnswerSchemas.geoPlaceList,
    silent: true,
  });

export interface Bounds {
  neLat: number;
  neLng: number;
  swLat: number;
  swLng: number;
}

export const getPoliceStationsInBounds = (bounds: Bounds) =>
  api.get('/policeStation/getAllPoliceStationInsideBounds', {
    query: { ...bounds },
    schema: discoveryAnswerSchemas.policeStationList,
    silent: true,
  });

export type { SearchSort };
