import type { Db } from '../../../db/database';
import type { SeedReferenceOptions } from '../seed-reference-data';

export async function seedGeography(_db: Db, _options: SeedReferenceOptions): Promise<void> {}
