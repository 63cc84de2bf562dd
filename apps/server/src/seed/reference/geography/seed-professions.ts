import type { Db } from '../../../db/database';
import type { SeedReferenceOptions } from '../seed-reference-data';

export async function seedProfessions(_db: Db, _options: SeedReferenceOptions): Promise<void> {}
