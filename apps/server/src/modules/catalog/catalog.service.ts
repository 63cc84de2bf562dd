import {
  ADMIN_ROLES,
  compareCatalogNames,
  CustomCatalogNameSchema,
  hasAnyRole,
  normalizeCatalogName,
  type CatalogItem,
  type Locale,
  type VehicleType,
  type VehicleTypeInfo,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { AccessTokenClaims } from '../../lib/access-tokens';
import { invalidField, notFound } from '../../lib/app-error';
import * as repository from './catalog.repository';

type CurrentUser = Pick<AccessTokenClaims, 'userId' | 'roles'>;

/**
 * Visibility of catalogue items: approved items are everyone's; a custom item (approved = false)
 * is its creator's until an admin approves it. Admins can look any item up by id (they review
 * announcements that use custom items), but lists show them what everyone sees plus their own.
 */
function canSee(user: CurrentUser, item: repository.CatalogRow): boolean {
  return item.approved || item.createdById === user.userId || hasAnyRole(user.roles, ADMIN_ROLES);
}

function sortByName<T extends { name: string }>(items: T[]): T[] {
  return items.sort((a, b) => compareCatalogNames(a.name, b.name));
}

/** A custom item's name, cleaned; its problems answer 403 on the name field (docs/product/annonces.md §5). */
function customName(raw: string | undefined): { name: string; key: string } {
  const parsed = CustomCatalogNameSchema.safeParse(raw);
  if (!parsed.success)
    throw invalidField('name', parsed.error.issues[0]?.message ?? 'MandatoryField');
  return { name: parsed.data, key: normalizeCatalogName(parsed.data) };
}

export function createCatalogService(deps: { db: Db }) {
  const { db } = deps;

  async function requireVehicleType(id: number) {
    const type = await repository.findVehicleType(db, id);
    if (!type) throw notFound();
    return type;
  }

  async function requireVisibleBrand(user: CurrentUser, id: number) {
    const brand = await repository.findBrand(db, id);
    if (!brand || !canSee(user, brand)) throw notFound();
    return brand;
  }

  async function requireVisibleModel(user: CurrentUser, id: number) {
    const model = await repository.findModel(db, id);
    if (!model || !canSee(user, model)) throw notFound();
    return model;
  }

  return {
    /** Activated types by position, named in the caller's language. */
    async vehicleTypes(locale: Locale): Promise<VehicleType[]> {
      const rows = await repository.listActivatedVehicleTypes(db);
      return rows.map((row) => ({
        id: row.id,
        code: row.code,
        name: locale === 'en' ? row.nameEn : row.nameFr,
        isLicensed: row.isLicensed,
        hasVIN: row.hasVin,
        hasBicycode: row.hasBicycode,
        hasSerialNumber: row.hasSerialNumber,
        hasWindowEngraving: row.hasWindowEngraving,
      }));
    },

    /** What identifies a vehicle of the type; answered for deactivated types too (old announcements). */
    async vehicleTypeInfo(vehicleTypeId: number): Promise<VehicleTypeInfo> {
      const type = await requireVehicleType(vehicleTypeId);
      return {
        isLicensed: type.isLicensed,
        hasBicycode: type.hasBicycode,
        hasSerialNumber: type.hasSerialNumber,
        hasVIN: type.hasVin,
        hasWindowEngraving: type.hasWindowEngraving,
      };
    },

    async brandsForType(user: CurrentUser, vehicleTypeId: number): Promise<CatalogItem[]> {
      await requireVehicleType(vehicleTypeId);
      return sortByName(await repository.listBrandsForType(db, vehicleTypeId, user.userId));
    },

    async models(
      user: CurrentUser,
      query: { vehicleTypeId: number; brandId: number },
    ): Promise<CatalogItem[]> {
      await requireVehicleType(query.vehicleTypeId);
      await requireVisibleBrand(user, query.brandId);
      return sortByName(
        await repository.listModels(db, query.vehicleTypeId, query.brandId, user.userId),
      );
    },

    async finishes(user: CurrentUser, modelId: number): Promise<CatalogItem[]> {
      await requireVisibleModel(user, modelId);
      return sortByName(await repository.listFinishes(db, modelId, user.userId));
    },

    async brandName(user: CurrentUser, brandId: number): Promise<{ name: string }> {
      const brand = await requireVisibleBrand(user, brandId);
      return { name: brand.name };
    },

    async modelName(user: CurrentUser, modelId: number): Promise<{ name: string }> {
      const model = await requireVisibleModel(user, modelId);
      return { name: model.name };
    },

    /**
     * Creating a custom item answers the item the user means rather than a duplicate or an error:
     * - a name equal (normalizeCatalogName) to an approved item under the same parent answers that
     *   approved item (typing "peugeot" for cars picks Peugeot), with 200 like a creation;
     * - the same user typing the same name again gets their existing custom item back;
     * - otherwise a custom item (approved = false) is created, seen only by its creator until an
     *   admin approves it.
     * Parents (type, brand, model) must exist and be visible to the user, else 404.
     */
    async createCustomBrand(
      user: CurrentUser,
      input: { name?: string | undefined; vehicleTypeId: number },
    ): Promise<CatalogItem> {
      await requireVehicleType(input.vehicleTypeId);
      const { name, key } = customName(input.name);
      return db.transaction(async (tx) => {
        await repository.lockCustomCreationsOf(tx, user.userId);
        const existing = await repository.findBrandByKey(tx, key, input.vehicleTypeId, user.userId);
        if (existing) return { id: existing.id, name: existing.name };
        // The user's custom brand typed earlier for another type is the same brand: offer it here too.
        const brand =
          (await repository.findOwnCustomBrandByKey(tx, key, user.userId)) ??
          (await repository.insertCustomBrand(tx, { name, key, userId: user.userId }));
        await repository.offerBrandForType(tx, brand.id, input.vehicleTypeId);
        return { id: brand.id, name: brand.name };
      });
    },

    async createCustomModel(
      user: CurrentUser,
      input: { name?: string | undefined; vehicleTypeId: number; brandId: number },
    ): Promise<CatalogItem> {
      await requireVehicleType(input.vehicleTypeId);
      await requireVisibleBrand(user, input.brandId);
      // A model belongs under a brand offered for its type (no car model under Ducati).
      if (!(await repository.isBrandOfferedForType(db, input.brandId, input.vehicleTypeId)))
        throw notFound();
      const { name, key } = customName(input.name);
      return db.transaction(async (tx) => {
        await repository.lockCustomCreationsOf(tx, user.userId);
        const where = {
          key,
          vehicleTypeId: input.vehicleTypeId,
          brandId: input.brandId,
          userId: user.userId,
        };
        const existing = await repository.findModelByKey(tx, where);
        if (existing) return existing;
        return repository.insertCustomModel(tx, { ...where, name });
      });
    },

    async createCustomFinish(
      user: CurrentUser,
      input: { name?: string | undefined; modelId: number },
    ) {
      await requireVisibleModel(user, input.modelId);
      const { name, key } = customName(input.name);
      return db.transaction(async (tx) => {
        await repository.lockCustomCreationsOf(tx, user.userId);
        const where = { key, modelId: input.modelId, userId: user.userId };
        const existing = await repository.findFinishByKey(tx, where);
        if (existing) return existing;
        return repository.insertCustomFinish(tx, { ...where, name });
      });
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
