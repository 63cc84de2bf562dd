import { cleanCatalogName, normalizeCatalogName, type VehicleTypeCode } from '@app/domain';

/**
 * The vehicle catalogue in memory, merged from every source before it is written: brands keyed by
 * their normalised name (so "Skoda" and "Škoda" are one brand offered for several types), models
 * keyed by brand, type and normalised name, finishes by model. The first spelling added wins, so
 * sources are added from the most trusted to the least.
 */
export interface CatalogBrand {
  key: string;
  name: string;
  types: Set<VehicleTypeCode>;
}

export interface CatalogModel {
  brandKey: string;
  type: VehicleTypeCode;
  key: string;
  name: string;
}

export interface CatalogFinish {
  modelRef: string;
  key: string;
  name: string;
}

export class CatalogBuilder {
  readonly brands = new Map<string, CatalogBrand>();
  readonly models = new Map<string, CatalogModel>();
  readonly finishes = new Map<string, CatalogFinish>();

  /** Offers the brand for the type; answers its key, or null for a name with nothing to key on. */
  addBrand(name: string, type: VehicleTypeCode): string | null {
    const clean = cleanCatalogName(name);
    const key = normalizeCatalogName(clean);
    if (!key) return null;
    let brand = this.brands.get(key);
    if (!brand) this.brands.set(key, (brand = { key, name: clean, types: new Set() }));
    brand.types.add(type);
    return key;
  }

  addModel(brandName: string, type: VehicleTypeCode, name: string): void {
    const brandKey = this.addBrand(brandName, type);
    const clean = cleanCatalogName(name);
    const key = normalizeCatalogName(clean);
    if (!brandKey || !key) return;
    const ref = modelRef(brandKey, type, key);
    if (!this.models.has(ref)) this.models.set(ref, { brandKey, type, key, name: clean });
  }

  /** Adds finishes to a model that must already be in the catalogue (a typo should fail loudly). */
  addFinishes(
    brandName: string,
    type: VehicleTypeCode,
    modelName: string,
    names: readonly string[],
  ) {
    const ref = modelRef(normalizeCatalogName(brandName), type, normalizeCatalogName(modelName));
    if (!this.models.has(ref))
      throw new Error(`finishes for a model not in the catalogue: ${brandName} ${modelName}`);
    for (const name of names) {
      const clean = cleanCatalogName(name);
      const key = normalizeCatalogName(clean);
      if (key && !this.finishes.has(`${ref}|${key}`)) {
        this.finishes.set(`${ref}|${key}`, { modelRef: ref, key, name: clean });
      }
    }
  }
}

export function modelRef(brandKey: string, type: string, modelKey: string): string {
  return `${brandKey}|${type}|${modelKey}`;
}
