import { z } from 'zod';
import { queryNumber } from './query-number';

export const POLICE_STATION_KINDS = ['commissariat', 'gendarmerie'] as const;
export const PoliceStationKindSchema = z.enum(POLICE_STATION_KINDS);
export type PoliceStationKind = z.infer<typeof PoliceStationKindSchema>;

/** Most stations one map request answers with; the map asks only above zoom 15 (docs/product/discovery.md §9). */
export const POLICE_STATIONS_MAX_IN_BOUNDS = 500;

/** A station marker and its info window (docs/product/discovery.md §2 "Map view", §3 "Police station"). */
export const PoliceStationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  phoneNumber: z.string().nullable(),
  /** The department as shown in the info window: "31 - Haute-Garonne" (the code when unknown). */
  department: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  postalCode: z.string().nullable(),
  kind: PoliceStationKindSchema,
});
export type PoliceStation = z.infer<typeof PoliceStationSchema>;
export const PoliceStationListSchema = z.array(PoliceStationSchema);

/**
 * GET /policeStation/getAllPoliceStationInsideBounds: the visible map, north-east and south-west
 * corners. The north edge may not be south of the south edge; a box whose east edge is west of its
 * west edge crosses the antimeridian and is accepted as such.
 */
export const PoliceStationBoundsQuerySchema = z
  .object({
    neLat: queryNumber(-90, 90),
    neLng: queryNumber(-180, 180),
    swLat: queryNumber(-90, 90),
    swLng: queryNumber(-180, 180),
  })
  .refine((bounds) => bounds.neLat >= bounds.swLat, {
    path: ['neLat'],
    message: 'The north-east corner must not be south of the south-west corner',
  });
export type PoliceStationBounds = z.infer<typeof PoliceStationBoundsQuerySchema>;
