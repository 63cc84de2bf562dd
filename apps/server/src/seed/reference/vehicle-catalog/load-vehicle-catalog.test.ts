import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from '@app/domain';
import { REFERENCE_DATA_DIR } from '../../../../test/reference-data-dir';
import { loadVehicleCatalog } from './load-vehicle-catalog';

const VEHICLES_DIR = path.join(REFERENCE_DATA_DIR, 'vehicles');

describe('loadVehicleCatalog', () => {
  it('keeps frame makers as bicycle brands and leaves accessory makers out', async () => {
    const catalog = await loadVehicleCatalog(VEHICLES_DIR);
    const has = (name: string) =>
      [...catalog.brands.values()].some(
        (brand) => normalizeSearchText(brand.name) === normalizeSearchText(name),
      );
    for (const accessory of ['Abus', 'Arai', 'Aquamira', 'Bar Mitts', 'Camelbak']) {
      expect(has(accessory), accessory).toBe(false);
    }
    for (const bicycle of ['Trek', 'Decathlon', "B'Twin", 'Rockrider', 'Peugeot']) {
      expect(has(bicycle), bicycle).toBe(true);
    }
  });
});
