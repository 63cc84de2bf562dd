import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { seedGeography } from './geography/seed-geography';
import { seedProfessions } from './geography/seed-professions';
import { seedVehicleCatalog } from './vehicle-catalog/seed-vehicle-catalog';

export interface SeedReferenceOptions {
  /** Folder with the reference files and their provenance (reference-data/PROVENANCE.md). */
  referenceDataDir: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * Loads every reference table. Each part is idempotent: running it on a seeded database changes
 * nothing, and running it after a data update inserts what is new without duplicating.
 */
export async function seedReferenceData(db: Db, options: SeedReferenceOptions): Promise<void> {
  await seedVehicleCatalog(db, options);
  await seedGeography(db, options);
  await seedProfessions(db, options);
}
