import { inArray, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { annonces, brands, models, vehicleTypes } from '../../db/schema/index';

/**
 * How notifications name an announcement: "Peugeot 208", else the brand, else the vehicle type
 * (French name: the catalogue's own names are not translated).
 */
export async function annonceTitles(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const titles = new Map<number, string>();
  if (ids.length === 0) return titles;
  const rows = await db
    .select({
      id: annonces.id,
      brand: brands.name,
      model: models.name,
      type: vehicleTypes.nameFr,
    })
    .from(annonces)
    .leftJoin(brands, eq(brands.id, annonces.brandId))
    .leftJoin(models, eq(models.id, annonces.modelId))
    .leftJoin(vehicleTypes, eq(vehicleTypes.id, annonces.vehicleTypeId))
    .where(inArray(annonces.id, [...new Set(ids)]));
  for (const row of rows) {
    const title = [row.brand, row.model].filter(Boolean).join(' ') || row.type || '';
    if (title) titles.set(row.id, title);
  }
  return titles;
}
