import { z } from 'zod';
import { idSchema } from '../shared/input';
import { CATALOG_NAME_MAX_LENGTH, cleanCatalogName, normalizeCatalogName } from './catalog-name';

/**
 * HTTP contract of the vehicle catalogue (docs/product/annonces.md §7, docs/product/discovery.md §7). Bodies may be
 * form-encoded, so ids are coerced from strings.
 */

/** A database id as it arrives in a path or a form: digits, within the 32-bit integer range. */
export const CatalogIdSchema = idSchema;

export const VehicleTypeIdParamsSchema = z.object({ vehicleTypeId: CatalogIdSchema });
export const ModelIdParamsSchema = z.object({ modelId: CatalogIdSchema });
export const IdParamsSchema = z.object({ id: CatalogIdSchema });

/** One entry of GET /vehicleType/getAllActivated; `name` is in the caller's language. */
export const VehicleTypeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  isLicensed: z.boolean(),
  hasVIN: z.boolean(),
  hasBicycode: z.boolean(),
  hasSerialNumber: z.boolean(),
  hasWindowEngraving: z.boolean(),
});
export type VehicleType = z.infer<typeof VehicleTypeSchema>;
export const VehicleTypeListSchema = z.array(VehicleTypeSchema);

/** GET /vehicleType/getInfoVehicleType/{vehicleTypeId}: what identifies a vehicle of that type. */
export const VehicleTypeInfoSchema = VehicleTypeSchema.pick({
  isLicensed: true,
  hasBicycode: true,
  hasSerialNumber: true,
  hasVIN: true,
  hasWindowEngraving: true,
});
export type VehicleTypeInfo = z.infer<typeof VehicleTypeInfoSchema>;

/** A brand, model or finish as lists and creations answer it. */
export const CatalogItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type CatalogItem = z.infer<typeof CatalogItemSchema>;
export const CatalogItemListSchema = z.array(CatalogItemSchema);

/** GET /brand/getNameById/{id}, GET /model/getNameById/{id}. */
export const CatalogNameSchema = z.object({ name: z.string() });

/** POST /model/getAllActivatedByVehicleTypeAndBrand. */
export const ModelsQuerySchema = z.object({
  vehicleTypeId: CatalogIdSchema,
  brandId: CatalogIdSchema,
});

/** Message keys shown under the name field of the custom item modal (a 403 names the field). */
export const CATALOG_NAME_MESSAGES = {
  required: 'MandatoryField',
  tooLong: 'catalog.name.too.long.error',
  /** Only punctuation or symbols: nothing left to recognise the item by. */
  invalid: 'catalog.name.invalid.error',
} as const;

/**
 * The name of a custom brand, model or finish: white space cleaned, 1 to 60 characters, at least
 * one letter or digit. The messages are the keys above; the server answers them as a 403 on `name`.
 */
export const CustomCatalogNameSchema = z
  .string({ error: CATALOG_NAME_MESSAGES.required })
  .transform(cleanCatalogName)
  .pipe(
    z
      .string()
      .min(1, CATALOG_NAME_MESSAGES.required)
      .max(CATALOG_NAME_MAX_LENGTH, CATALOG_NAME_MESSAGES.tooLong)
      .refine((name) => normalizeCatalogName(name) !== '', CATALOG_NAME_MESSAGES.invalid),
  );

/**
 * The request bodies of the custom creations. The name is checked by the service (not here) so
 * that its problems answer 403 on the name field as the wizard expects, not 400.
 */
const RawNameSchema = z.string().optional();

/** POST /brand/createCustomBrand. */
export const CreateCustomBrandSchema = z.object({
  name: RawNameSchema,
  vehicleTypeId: CatalogIdSchema,
});

/** POST /model/createCustomModel. */
export const CreateCustomModelSchema = z.object({
  name: RawNameSchema,
  vehicleTypeId: CatalogIdSchema,
  brandId: CatalogIdSchema,
});

/** POST /modelFinish/createCustomModelFinish; the client may also send the type and brand, unused. */
export const CreateCustomModelFinishSchema = z.object({
  name: RawNameSchema,
  modelId: CatalogIdSchema,
  vehicleTypeId: z.unknown().optional(),
  brandId: z.unknown().optional(),
});
