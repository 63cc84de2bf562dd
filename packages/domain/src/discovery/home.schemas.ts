import { z } from 'zod';
import { formNumber, DiscoveryCardSchema } from './search.schemas';

/** The home sections (docs/product/discovery.md §2); TOP_ANNONCES links to TopAnnonces, the others to Search. */
export const HOME_GROUP_TYPES = [
  'CLOSE_ANNONCES',
  'LAST_ANNONCES',
  'SAVED_SEARCH_ANNONCES',
  'VEHICLE_ANNONCES',
  'TOP_ANNONCES',
] as const;
export type HomeGroupType = (typeof HOME_GROUP_TYPES)[number];

/** Cards per home section. */
export const HOME_GROUP_SIZE = 12;
/** CLOSE_ANNONCES: announcements within this distance of the user, nearest first. */
export const HOME_CLOSE_RADIUS_KM = 200;

/**
 * Titles of the fixed sections are message keys (isI18n true) the web app translates; saved-search
 * sections carry the alert's name and vehicle sections the type's name (isI18n false).
 */
export const HOME_GROUP_TITLE_KEYS = {
  CLOSE_ANNONCES: 'home.group.closeAnnonces',
  LAST_ANNONCES: 'home.group.lastAnnonces',
  TOP_ANNONCES: 'home.group.topAnnonces',
} as const;

export const HomeDataBodySchema = z
  .object({
    latitude: formNumber(-90, 90).optional(),
    longitude: formNumber(-180, 180).optional(),
  })
  .nullish()
  .transform((body) =>
    body?.latitude != null && body.longitude != null
      ? { latitude: body.latitude, longitude: body.longitude }
      : null,
  );

export const HomeGroupSchema = z.object({
  annonceType: z.enum(HOME_GROUP_TYPES),
  title: z.string(),
  isI18n: z.boolean(),
  annonces: z.array(DiscoveryCardSchema),
  vehicleTypeId: z.number().int().nullable(),
  savedSearchId: z.number().int().nullable(),
  savedSearchDescription: z.string().nullable(),
});
export type HomeGroup = z.infer<typeof HomeGroupSchema>;
export const HomeDataResponseSchema = z.array(HomeGroupSchema);
