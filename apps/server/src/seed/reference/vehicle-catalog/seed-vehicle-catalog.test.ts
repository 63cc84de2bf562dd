import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database';
import {
  brands,
  brandVehicleTypes,
  modelFinishes,
  models,
  vehicleTypes,
} from '../../../db/schema/index';
import { REFERENCE_DATA_DIR } from '../../../../test/reference-data-dir';
import { openTestDatabase } from '../../../../test/test-database';
import { VEHICLE_SOURCE_FILES } from './load-vehicle-catalog';
import { seedVehicleCatalog } from './seed-vehicle-catalog';

const silentLog = { info: () => {}, warn: () => {} };

/** Adds CSV lines to a source file, with its own line ending (the car list uses CRLF). */
async function appendLines(file: string, lines: string[]) {
  const text = await fs.readFile(file, 'utf8');
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const separator = text.endsWith('\n') ? '' : eol;
  await fs.appendFile(file, separator + lines.map((line) => line + eol).join(''));
}

describe('seedVehicleCatalog', () => {
  let database: Database;
  beforeAll(async () => {
    // A copy of the test template, already migrated and seeded once.
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  async function rowCounts() {
    const { db } = database;
    const [[t], [b], [l], [m], [f]] = await Promise.all([
      db.select({ n: count() }).from(vehicleTypes),
      db.select({ n: count() }).from(brands),
      db.select({ n: count() }).from(brandVehicleTypes),
      db.select({ n: count() }).from(models),
      db.select({ n: count() }).from(modelFinishes),
    ]);
    return {
      vehicleTypes: t!.n,
      brands: b!.n,
      brandVehicleTypes: l!.n,
      models: m!.n,
      modelFinishes: f!.n,
    };
  }

  it('has filled every table', async () => {
    const counts = await rowCounts();
    expect(counts.vehicleTypes).toBe(7);
    // Bicycle brands are frame makers only (accessory makers such as Abus are left out).
    expect(counts.brands).toBeGreaterThan(1000);
    expect(counts.models).toBeGreaterThan(3000);
    expect(counts.modelFinishes).toBeGreaterThan(100);
  });

  it('changes nothing when run again', async () => {
    const before = await rowCounts();
    const result = await seedVehicleCatalog(database.db, {
      referenceDataDir: REFERENCE_DATA_DIR,
      log: silentLog,
    });
    expect(result.inserted).toEqual({
      vehicleTypes: 0,
      brands: 0,
      brandVehicleTypes: 0,
      models: 0,
      modelFinishes: 0,
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("keeps an admin's deactivation instead of bringing the item back", async () => {
    const { db } = database;
    const [peugeot] = await db
      .select({ id: brands.id })
      .from(brands)
      .where(eq(brands.normalizedName, 'peugeot'));
    await db
      .update(models)
      .set({ activated: false })
      .where(and(eq(models.brandId, peugeot!.id), eq(models.normalizedName, '2008')));
    const result = await seedVehicleCatalog(db, {
      referenceDataDir: REFERENCE_DATA_DIR,
      log: silentLog,
    });
    expect(result.inserted.models).toBe(0);
    const rows = await db
      .select({ activated: models.activated })
      .from(models)
      .where(and(eq(models.brandId, peugeot!.id), eq(models.normalizedName, '2008')));
    expect(rows).toEqual([{ activated: false }]);
  });

  it('inserts only what is new after a data update', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vehicle-catalog-'));
    try {
      for (const file of Object.values(VEHICLE_SOURCE_FILES)) {
        await fs.mkdir(path.dirname(path.join(dir, 'vehicles', file)), { recursive: true });
        await fs.copyFile(
          path.join(REFERENCE_DATA_DIR, 'vehicles', file),
          path.join(dir, 'vehicles', file),
        );
      }
      // One new car model of a known brand, one new car brand, one new bicycle brand.
      await appendLines(path.join(dir, 'vehicles', VEHICLE_SOURCE_FILES.cars), [
        'Renault,Zorglub',
        'Automobiles Imaginaires,Chimère',
      ]);
      await appendLines(path.join(dir, 'vehicles', VEHICLE_SOURCE_FILES.bicycles), [
        'Cycles Imaginaires,,,true,false,,,',
      ]);
      const before = await rowCounts();
      const result = await seedVehicleCatalog(database.db, {
        referenceDataDir: dir,
        log: silentLog,
      });
      expect(result.inserted).toEqual({
        vehicleTypes: 0,
        brands: 2,
        // The car brand for CAR; the bicycle brand for BICYCLE and ELECTRIC_BICYCLE.
        brandVehicleTypes: 3,
        models: 2,
        modelFinishes: 0,
      });
      expect(await rowCounts()).toEqual({
        ...before,
        brands: before.brands + 2,
        brandVehicleTypes: before.brandVehicleTypes + 3,
        models: before.models + 2,
      });
      const again = await seedVehicleCatalog(database.db, {
        referenceDataDir: dir,
        log: silentLog,
      });
      expect(again.inserted.models + again.inserted.brands + again.inserted.brandVehicleTypes).toBe(
        0,
      );
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('seeds the approved catalogue next to custom items of the same name without touching them', async () => {
    const { db } = database;
    // A user's custom brand typed before the catalogue knew the name.
    await db
      .insert(brands)
      .values({ name: 'Cycles Futurs', normalizedName: 'cyclesfuturs', approved: false });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vehicle-catalog-'));
    try {
      for (const file of Object.values(VEHICLE_SOURCE_FILES)) {
        await fs.mkdir(path.dirname(path.join(dir, 'vehicles', file)), { recursive: true });
        await fs.copyFile(
          path.join(REFERENCE_DATA_DIR, 'vehicles', file),
          path.join(dir, 'vehicles', file),
        );
      }
      await appendLines(path.join(dir, 'vehicles', VEHICLE_SOURCE_FILES.bicycles), [
        'Cycles Futurs,,,true,true,,,',
      ]);
      const result = await seedVehicleCatalog(db, { referenceDataDir: dir, log: silentLog });
      expect(result.inserted.brands).toBe(1);
      const rows = await db
        .select({ approved: brands.approved })
        .from(brands)
        .where(eq(brands.normalizedName, 'cyclesfuturs'))
        .orderBy(brands.approved);
      expect(rows).toEqual([{ approved: false }, { approved: true }]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
