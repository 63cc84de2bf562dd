import { z } from 'zod';
import { idSchema } from '../shared/input';
import { COLOR_VALUES, ENERGY_VALUES } from '../reference/vehicle-attributes';
import {
  checkCriteria,
  SearchCriteriaFieldsSchema,
  SearchCriteriaSchema,
  SearchSortSchema,
} from './search.schemas';
import { SEARCH_SORT_VALUES } from './search-sort';
/** Each alert is a home section and a check at every validation: a bounded number per user. */
export const SAVED_SEARCHES_MAX_PER_USER = 20;

export const SAVED_SEARCH_MESSAGES = {
  /** docs/product/discovery.md §5: name required, blank refused. */
  invalidName: 'saved.search.invalidFeedBack',
  /** No criterion set (docs/product/discovery.md §4). */
  noCriterion: 'saved.search.noCriterion',
  tooMany: 'saved.search.tooMany',
} as const;

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? null : value),
    z.string().max(max).nullable(),
  );

/**
 * POST /savedSearch: name plus the filters. The name and the "at least one criterion" rule are
 * checked by the service so that they answer 403 on `name` as the modal expects.
 */
export const CreateSavedSearchBodySchema = SearchCriteriaFieldsSchema.extend({
  name: optionalText(1000).optional(),
  address: optionalText(300).optional(),
  researchSorting: SearchSortSchema.optional(),
}).superRefine(checkCriteria);
export const SavedSearchCreatedSchema = z.object({ id: z.number().int(), name: z.string() });

/** POST /savedSearch/checkExisting: the filter fields; answers the same saved search, if any. */
export const CheckExistingSavedSearchBodySchema = SearchCriteriaSchema;
export const CheckExistingSavedSearchResponseSchema = z.object({
  savedSearchId: z.number().int().nullable(),
  savedSearchName: z.string().nullable(),
});

/** GET /savedSearch/getMyAlerts: one alert (docs/product/discovery.md §3 "Saved search"). */
export const SavedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  researchText: z.string().nullable(),
  address: z.string().nullable(),
  locationRadius: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  vehicles: z.array(z.number().int()),
  brands: z.array(z.number().int()),
  models: z.array(z.number().int()),
  modelFinishes: z.array(z.number().int()),
  colors: z.array(z.enum(COLOR_VALUES)),
  energies: z.array(z.enum(ENERGY_VALUES)),
  minFiscalPower: z.number().int().nullable(),
  maxFiscalPower: z.number().int().nullable(),
  /** A human summary of the filters, in the caller's language. */
  description: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;
export const SavedSearchListSchema = z.array(SavedSearchSchema);

export const SavedSearchIdParamsSchema = z.object({
  id: idSchema,
});
export const DeletedSchema = z.object({ deleted: z.literal(true) });

/** POST /search/getFiltersDataInitialValuesFromSavedSearch. */
export const SavedSearchIdBodySchema = z.object({
  savedSearchId: idSchema,
});

/** Filters data (docs/product/discovery.md §3): what the filters modal starts from. */
export const FiltersDataSchema = z.object({
  savedSearchId: z.number().int().nullable(),
  savedSearchName: z.string().nullable(),
  researchText: z.string().nullable(),
  researchSorting: z.enum(SEARCH_SORT_VALUES),
  address: z.string().nullable(),
  locationRadius: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  vehicles: z.array(z.number().int()),
  brands: z.array(z.number().int()),
  models: z.array(z.number().int()),
  modelFinishes: z.array(z.number().int()),
  colors: z.array(z.enum(COLOR_VALUES)),
  energies: z.array(z.enum(ENERGY_VALUES)),
  /** Brands all of whose offered models are selected (the model list's group headers). */
  modelsHigherCategoryIds: z.array(z.number().int()),
  /** Models all of whose offered finishes are selected. */
  modelFinishesHigherCategoryIds: z.array(z.number().int()),
  minFiscalPower: z.number().int().nullable(),
  maxFiscalPower: z.number().int().nullable(),
  isSelectedFiscalPowerFilter: z.boolean(),
  selectedFilterVehicleTypeNameIfOne: z.string().nullable(),
  selectedFilterBrandNameIfOne: z.string().nullable(),
});
export type FiltersData = z.infer<typeof FiltersDataSchema>;
