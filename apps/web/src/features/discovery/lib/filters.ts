import {
  FISCAL_POWER_MAX,
  FISCAL_POWER_MIN,
  hasAnyCriterion,
  normalizeCriteria,
  type Color,
  type Energy,
  type FiltersData,
  type SearchSort,
} from '@app/domain';

/**
 * The filters of the search screen (docs/product/discovery.md §3 "Filters data"), as the modal edits them. The
 * wire form sends id lists as JSON-array strings.
 */
export interface Filters {
  researchText: string | null;
  researchSorting: SearchSort | null;
  address: string | null;
  locationRadius: number | null;
  latitude: number | null;
  longitude: number | null;
  vehicles: number[];
  brands: number[];
  models: number[];
  modelFinishes: number[];
  modelsHigherCategoryIds: number[];
  modelFinishesHigherCategoryIds: number[];
  colors: Color[];
  energies: Energy[];
  minFiscalPower: number | null;
  maxFiscalPower: number | null;
}

export const EMPTY_FILTERS: Filters = {
  researchText: null,
  researchSorting: null,
  address: null,
  locationRadius: null,
  latitude: null,
  longitude: null,
  vehicles: [],
  brands: [],
  models: [],
  modelFinishes: [],
  modelsHigherCategoryIds: [],
  modelFinishesHigherCategoryIds: [],
  colors: [],
  energies: [],
  minFiscalPower: null,
  maxFiscalPower: null,
};

export type FilterListKey =
  'vehicles' | 'brands' | 'models' | 'modelFinishes' | 'colors' | 'energies';

export function filtersFromData(data: FiltersData): Filters {
  return {
    researchText: data.researchText,
    researchSorting: data.researchSorting,
    address: data.address,
    locationRadius: data.locationRadius,
    latitude: data.latitude,
    longitude: data.longitude,
    vehicles: data.vehicles,
    brands: data.brands,
    models: data.models,
    modelFinishes: data.modelFinishes,
    modelsHigherCategoryIds: data.modelsHigherCategoryIds,
    modelFinishesHigherCategoryIds: data.modelFinishesHigherCategoryIds,
    colors: data.colors,
    energies: data.energies,
    minFiscalPower: data.minFiscalPower,
    maxFiscalPower: data.maxFiscalPower,
  };
}

const list = (values: readonly (string | number)[]) => JSON.stringify(values);

/** The criteria fields of the search, saved-search and summary calls, as a form. */
export function criteriaForm(filters: Filters) {
  const criteria = normalizeCriteria({
    researchText: filters.researchText,
    locationRadius: filters.latitude === null ? null : filters.locationRadius,
    latitude: filters.latitude,
    longitude: filters.longitude,
    vehicleTypeIds: filters.vehicles,
    brandIds: filters.brands,
    modelIds: filters.models,
    modelFinishIds: filters.modelFinishes,
    colors: filters.colors,
    energies: filters.energies,
    minFiscalPower: filters.minFiscalPower,
    maxFiscalPower: filters.maxFiscalPower,
  });
  return {
    researchText: criteria.researchText,
    locationRadius: criteria.locationRadius,
    latitude: criteria.latitude,
    longitude: criteria.longitude,
    vehicleTypeIds: list(criteria.vehicleTypeIds),
    brandIds: list(criteria.brandIds),
    modelIds: list(criteria.modelIds),
    modelFinishIds: list(criteria.modelFinishIds),
    colors: list(criteria.colors),
    energies: list(criteria.energies),
    minFiscalPower: criteria.minFiscalPower,
    // docs/product/discovery.md §5: the maximum goes as null at the slider's upper limit (normalizeCriteria).
    maxFiscalPower: criteria.maxFiscalPower,
  };
}

/** The current selections, as the sub-filter calls name them. */
export function selectionsForm(filters: Filters) {
  return {
    subFiltersValues_VehicleTypeIds: list(filters.vehicles),
    subFiltersValues_BrandIds: list(filters.brands),
    subFiltersValues_ModelIds: list(filters.models),
    subFiltersValues_ModelHigherCategoryIds: list(filters.modelsHigherCategoryIds),
    subFiltersValues_ModelFinishIds: list(filters.modelFinishes),
    subFiltersValues_ModelFinishHigherCategoryIds: list(filters.modelFinishesHigherCategoryIds),
    subFiltersValues_Colors: list(filters.colors),
    subFiltersValues_Energies: list(filters.energies),
  };
}

/** docs/product/discovery.md §4: an alert needs at least one criterion. */
export function filtersHaveCriterion(filters: Filters): boolean {
  return hasAnyCriterion(
    normalizeCriteria({
      researchText: filters.researchText,
      locationRadius: filters.latitude === null ? null : filters.locationRadius,
      latitude: filters.latitude,
      longitude: filters.longitude,
      vehicleTypeIds: filters.vehicles,
      brandIds: filters.brands,
      modelIds: filters.models,
      modelFinishIds: filters.modelFinishes,
      colors: filters.colors,
      energies: filters.energies,
      minFiscalPower: filters.minFiscalPower,
      maxFiscalPower: filters.maxFiscalPower,
    }),
  );
}

/** How many filters of the modal are set (the badge of the filters button). */
export function countActiveFilters(filters: Filters): number {
  let count = 0;
  if (filters.latitude !== null) count += 1;
  for (const key of [
    'vehicles',
    'brands',
    'models',
    'modelFinishes',
    'colors',
    'energies',
  ] as const)
    if (filters[key].length > 0) count += 1;
  if (isFiscalPowerFiltered(filters)) count += 1;
  return count;
}

export function isFiscalPowerFiltered(filters: Filters): boolean {
  return (
    (filters.minFiscalPower ?? FISCAL_POWER_MIN) > FISCAL_POWER_MIN ||
    (filters.maxFiscalPower ?? FISCAL_POWER_MAX) < FISCAL_POWER_MAX
  );
}

/** A stable text of the filters, for query keys and comparisons. */
export function filtersKey(filters: Filters): string {
  return JSON.stringify(filters);
}

/** Reads the `filtersData` search parameter (a JSON object); anything unreadable is ignored. */
export function parseFiltersParam(value: string | null): Partial<Filters> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const known = Object.keys(EMPTY_FILTERS);
    return Object.fromEntries(
      Object.entries(parsed).filter(([key]) => known.includes(key)),
    ) as Partial<Filters>;
  } catch {
    return {};
  }
}

/**
 * The filters without one list, and without what hung on it: no brand leaves no model to keep, no
 * model no finish (docs/product/discovery.md §4, lower selections follow the higher one).
 */
export function withoutList(filters: Filters, key: FilterListKey): Filters {
  const next: Filters = { ...filters, [key]: [] };
  if (key === 'brands' || key === 'models') {
    if (key === 'brands') {
      next.models = [];
      next.modelsHigherCategoryIds = [];
    }
    next.modelFinishes = [];
    next.modelFinishesHigherCategoryIds = [];
  }
  if (key === 'models') next.modelsHigherCategoryIds = [];
  if (key === 'modelFinishes') next.modelFinishesHigherCategoryIds = [];
  return next;
}

/** Every criterion cleared; the sort stays (it is not a filter). */
export function clearedFilters(filters: Filters): Filters {
  return { ...EMPTY_FILTERS, researchSorting: filters.researchSorting };
}
