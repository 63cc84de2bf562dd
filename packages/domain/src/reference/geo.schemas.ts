import { z } from 'zod';
import { queryNumber } from './query-number';

/** Most places an autocomplete answers with. */
export const GEO_AUTOCOMPLETE_MAX_RESULTS = 10;
/** Longest text accepted by the geocoding calls (an address line, not a document). */
export const GEO_QUERY_MAX_LENGTH = 200;

/**
 * A place the geocoder knows: a commune with one of its postal codes (offline), or an address
 * (when the Base Adresse Nationale is used). Coordinates are null for the few communes whose centre
 * is unknown.
 */
export const GeoPlaceSchema = z.object({
  label: z.string(),
  city: z.string(),
  postalCode: z.string(),
  inseeCode: z.string(),
  departmentCode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type GeoPlace = z.infer<typeof GeoPlaceSchema>;
export const GeoPlaceListSchema = z.array(GeoPlaceSchema);

const geoText = z.string().trim().min(1).max(GEO_QUERY_MAX_LENGTH);

/** GET /geo/autocomplete?q=&limit=: q is the start of a commune name or of a postal code. */
export const GeoAutocompleteQuerySchema = z.object({
  q: geoText,
  limit: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      z.number().int().min(1).max(GEO_AUTOCOMPLETE_MAX_RESULTS),
    )
    .optional(),
});

/** GET /geo/search?q=: free text ("31000 Toulouse", "Saint-Étienne"). */
export const GeoSearchQuerySchema = z.object({ q: geoText });

/** GET /geo/reverse?lat=&lng=. */
export const GeoReverseQuerySchema = z.object({
  lat: queryNumber(-90, 90),
  lng: queryNumber(-180, 180),
});
