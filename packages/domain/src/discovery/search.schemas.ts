import { z } from 'zod';
import { idSchema } from '../shared/input';
import { AnnonceCardSchema } from '../annonces/annonce.schemas';
import { COLOR_VALUES, ENERGY_VALUES } from '../reference/vehicle-attributes';
import {
  FISCAL_POWER_MAX,
  FISCAL_POWER_MIN,
  LOCATION_RADIUS_MAX_KM,
  LOCATION_RADIUS_MIN_KM,
  normalizeCriteria,
  SEARCH_MAX_IDS_PER_LIST,
  SEARCH_MAX_OFFSET,
  SEARCH_TEXT_MAX_LENGTH,
} from './search-criteria';
import { SEARCH_SORT_VALUES } from './search-sort';

/**
 * HTTP contract of docs/product/discovery.md §7. Bodies arrive form-encoded (every value a string) or as JSON:
 * each field accepts both. Id lists are JSON-array strings ("[3,7]"); empty text, "null" and
 * "undefined" (what a form serialiser writes for a missing value) mean "not set".
 */

const isUnset = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && ['', 'null', 'undefined'].includes(value.trim()));

/** An optional number field: null when unset, else a number within bounds. */
export function formNumber(min: number, max: number, options: { int?: boolean } = {}) {
  const base = options.int ? z.number().int().min(min).max(max) : z.number().min(min).max(max);
  return z.preprocess((value) => {
    const number = isUnset(value) ? null : typeof value === 'string' ? Number(value.trim()) : value;
    // A subnormal (5e-324) is zero to us; PostgreSQL refuses it as float8 input (a 500 once).
    return typeof number === 'number' && Math.abs(number) < 2.2250738585072014e-308 ? 0 : number;
  }, base.nullable());
}

/**
 * A JSON-array string (or an array) of values; unset means the empty list. A bad item is reported
 * on the list itself, so the error names the form field.
 */
function formList<T extends z.ZodType>(item: T) {
  // Built once: made inside the transform, a new array schema was set up for every list of every
  // request, and checking a search's body took about 30 µs instead of 8.
  const items = z.array(item);
  return z.preprocess(
    (value) => {
      if (isUnset(value)) return [];
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    },
    z
      .array(z.unknown())
      .max(SEARCH_MAX_IDS_PER_LIST)
      .transform((values, context): z.output<T>[] => {
        const parsed = items.safeParse(values);
        if (parsed.success) return parsed.data;
        context.addIssue({ code: 'custom', message: 'invalid item' });
        return z.NEVER;
      }),
  );
}

const idItem = idSchema;
export const FormIdListSchema = formList(idItem);
export const FormColorListSchema = formList(z.enum(COLOR_VALUES));
export const FormEnergyListSchema = formList(z.enum(ENERGY_VALUES));

/** Free text: at most 250 characters; blank is no search. */
export const SearchTextSchema = z.preprocess(
  (value) => (isUnset(value) ? null : value),
  z
    .string()
    .max(SEARCH_TEXT_MAX_LENGTH)
    .transform((text) => (text.trim() === '' ? null : text.trim()))
    .nullable(),
);

const latitude = formNumber(-90, 90);
const longitude = formNumber(-180, 180);

/** The filter fields shared by the search, the saved searches and the filters summary. */
export const SearchCriteriaFieldsSchema = z.object({
  researchText: SearchTextSchema.optional(),
  // Stored in an integer column: 1.5 km was a database error.
  locationRadius: formNumber(LOCATION_RADIUS_MIN_KM, LOCATION_RADIUS_MAX_KM, {
    int: true,
  }).optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  vehicleTypeIds: FormIdListSchema.optional(),
  brandIds: FormIdListSchema.optional(),
  modelIds: FormIdListSchema.optional(),
  modelFinishIds: FormIdListSchema.optional(),
  colors: FormColorListSchema.optional(),
  energies: FormEnergyListSchema.optional(),
  minFiscalPower: formNumber(FISCAL_POWER_MIN, FISCAL_POWER_MAX, { int: true }).optional(),
  maxFiscalPower: formNumber(FISCAL_POWER_MIN, FISCAL_POWER_MAX, { int: true }).optional(),
});

/** Cross-field rules, reported on the field the user must fix (use with superRefine). */
export function checkCriteria(
  value: Partial<z.infer<typeof SearchCriteriaFieldsSchema>>,
  context: z.RefinementCtx,
) {
  if (((value.latitude ?? null) === null) !== ((value.longitude ?? null) === null)) {
    context.addIssue({
      code: 'custom',
      path: [value.latitude == null ? 'latitude' : 'longitude'],
      message: 'latitude and longitude go together',
    });
  }
  const min = value.minFiscalPower ?? null;
  const max = value.maxFiscalPower ?? null;
  if (min !== null && max !== null && min > max) {
    context.addIssue({ code: 'custom', path: ['maxFiscalPower'], message: 'below the minimum' });
  }
}

/** The criteria of a request, normalised (see normalizeCriteria). */
export const SearchCriteriaSchema = SearchCriteriaFieldsSchema.superRefine(checkCriteria).transform(
  (value) => normalizeCriteria(value),
);

export const SearchSortSchema = z.preprocess(
  (value) => (isUnset(value) ? null : value),
  z.enum(SEARCH_SORT_VALUES).nullable(),
);

/** POST /search/getSearchAnnonces. */
export const SearchAnnoncesBodySchema = SearchCriteriaFieldsSchema.extend({
  offset: formNumber(0, SEARCH_MAX_OFFSET, { int: true }).optional(),
  researchSorting: SearchSortSchema.optional(),
  userLatitude: latitude.optional(),
  userLongitude: longitude.optional(),
})
  .superRefine(checkCriteria)
  .transform(({ offset, researchSorting, userLatitude, userLongitude, ...criteria }) => ({
    offset: offset ?? 0,
    sort: researchSorting ?? null,
    userPosition:
      userLatitude != null && userLongitude != null
        ? { latitude: userLatitude, longitude: userLongitude }
        : null,
    criteria: normalizeCriteria(criteria),
  }));
export type SearchAnnoncesRequest = z.infer<typeof SearchAnnoncesBodySchema>;

/**
 * A card in discovery lists: the announcement card plus the theft position rounded to about 1 km
 * (the map view places markers with it) and, when a position was given, the distance to it.
 */
export const DiscoveryCardSchema = AnnonceCardSchema.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  distanceKm: z.number().nullable(),
});
export type DiscoveryCard = z.infer<typeof DiscoveryCardSchema>;

/** Search response (docs/product/discovery.md §3). */
export const SearchAnnoncesResponseSchema = z.object({
  annonces: z.array(DiscoveryCardSchema),
  isEndOfData: z.boolean(),
  /** Exact up to SEARCH_COUNT_CAP; beyond, that cap with isTotalNbAnnoncesCapped true. */
  totalNbAnnonces: z.number().int(),
  isTotalNbAnnoncesCapped: z.boolean(),
  /** The sort applied (PROXIMITY without a position falls back to MOST_RECENT). */
  researchSorting: z.enum(SEARCH_SORT_VALUES),
});
export type SearchAnnoncesResponse = z.infer<typeof SearchAnnoncesResponseSchema>;

/**
 * POST /search/getSearchMapPoints: the same filters as a search, without paging. The map plots every
 * match (up to MAP_POINTS_CAP, in the search's order), not only the pages the list has loaded.
 */
export const SearchMapPointsBodySchema = SearchAnnoncesBodySchema;

/** One marker of the map: its place (rounded as on cards) and what its small card shows. */
export const MapPointSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
  departement: z.string().nullable(),
  /** The first photo's small version, null without a photo. */
  thumbnailUrl: z.string().nullable(),
  additionnalRewardLevel: z.number().int(),
  isBoosted: z.boolean(),
  /** ISO date of publication. */
  date: z.string(),
});
export type MapPoint = z.infer<typeof MapPointSchema>;

export const SearchMapPointsResponseSchema = z.object({
  /** Located matches only (an announcement without a theft position has no marker). */
  points: z.array(MapPointSchema),
  /** True when more announcements match than MAP_POINTS_CAP: the map shows the first ones. */
  isCapped: z.boolean(),
});
export type SearchMapPointsResponse = z.infer<typeof SearchMapPointsResponseSchema>;

/** POST /home/getTopAnnonces (the TopAnnonces page). */
export const TopAnnoncesBodySchema = z
  .object({ offset: formNumber(0, SEARCH_MAX_OFFSET, { int: true }).optional() })
  .nullish();
export const TopAnnoncesResponseSchema = SearchAnnoncesResponseSchema.omit({
  researchSorting: true,
});

/** POST /search/getSortObjectsForRadioButtons; a position makes PROXIMITY the selected value. */
export const SortObjectsBodySchema = z
  .object({ userLatitude: latitude.optional(), userLongitude: longitude.optional() })
  .nullish();
export const SortObjectsResponseSchema = z.object({
  sortObjects: z.array(z.object({ value: z.enum(SEARCH_SORT_VALUES), text: z.string() })),
  sortSelectedValue: z.enum(SEARCH_SORT_VALUES),
});
