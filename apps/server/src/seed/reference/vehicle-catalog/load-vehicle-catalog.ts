import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import {
  BICYCLE_BRAND_ADDITIONS,
  BICYCLE_BRAND_RENAMES,
  CAR_FINISHES,
  CAR_MODEL_ADDITIONS,
  MOTORBIKE_MODEL_ADDITIONS,
  SCOOTER_MODEL_ADDITIONS,
  UTILITY_MODELS,
} from './catalog-additions';
import { CatalogBuilder } from './catalog-builder';
import { cleanCarModel } from './car-models';
import { twoWheelerModels } from './motorbike-models';

/** The files of reference-data/vehicles/ this seed reads (see reference-data/PROVENANCE.md). */
export const VEHICLE_SOURCE_FILES = {
  cars: 'cars-global-car-models/models.csv',
  twoWheelers: 'us-make-model-2001-2015/csv_data.csv',
  bicycles: 'bicycles-bikeindex/manufacturers.csv',
} as const;

async function readCsv<Row>(file: string): Promise<Row[]> {
  const text = await fs.readFile(file, 'utf8');
  return parse(text, { columns: true, skip_empty_lines: true, trim: true }) as Row[];
}

/**
 * Reads the vehicle sources of `vehiclesDir` and merges them with the hand-kept additions, in
 * order of trust: the car list, then the motorbike/scooter list, then the bicycle brands.
 */
export async function loadVehicleCatalog(vehiclesDir: string): Promise<CatalogBuilder> {
  const [cars, twoWheelers, bicycles] = await Promise.all([
    readCsv<{ brand: string; model: string }>(path.join(vehiclesDir, VEHICLE_SOURCE_FILES.cars)),
    readCsv<{ make: string; model: string }>(
      path.join(vehiclesDir, VEHICLE_SOURCE_FILES.twoWheelers),
    ),
    readCsv<{ name: string; makes_frames: string; ebike_only: string }>(
      path.join(vehiclesDir, VEHICLE_SOURCE_FILES.bicycles),
    ),
  ]);
  const catalog = new CatalogBuilder();

  for (const row of cars) {
    const { brand, model } = cleanCarModel(row.brand, row.model);
    catalog.addModel(brand, 'CAR', model);
  }
  addAll(catalog, 'CAR', CAR_MODEL_ADDITIONS);
  addAll(catalog, 'UTILITY', UTILITY_MODELS);

  for (const model of twoWheelerModels(twoWheelers))
    catalog.addModel(model.brand, model.type, model.name);
  addAll(catalog, 'MOTORBIKE', MOTORBIKE_MODEL_ADDITIONS);
  addAll(catalog, 'SCOOTER', SCOOTER_MODEL_ADDITIONS);

  // Brands only: the bicycle list has no models; users name theirs (custom model).
  // The bicycle list also names accessory makers (locks, helmets, bottles: Abus, Arai,
  // Aquamira...): only the makers of frames are vehicle brands.
  const bicycleBrands = [
    ...bicycles
      .filter((row) => row.makes_frames === 'true')
      .map((row) => ({ name: row.name, ebikeOnly: row.ebike_only === 'true' })),
    ...BICYCLE_BRAND_ADDITIONS,
  ];
  for (const { name, ebikeOnly } of bicycleBrands) {
    const brand = BICYCLE_BRAND_RENAMES[name] ?? name;
    if (!ebikeOnly) catalog.addBrand(brand, 'BICYCLE');
    catalog.addBrand(brand, 'ELECTRIC_BICYCLE');
  }

  for (const { brand, model, finishes } of CAR_FINISHES)
    catalog.addFinishes(brand, 'CAR', model, finishes);
  return catalog;
}

function addAll(
  catalog: CatalogBuilder,
  type: 'CAR' | 'UTILITY' | 'MOTORBIKE' | 'SCOOTER',
  modelsByBrand: Readonly<Record<string, readonly string[]>>,
) {
  for (const [brand, models] of Object.entries(modelsByBrand)) {
    catalog.addBrand(brand, type);
    for (const model of models) catalog.addModel(brand, type, model);
  }
}
