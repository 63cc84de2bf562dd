import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';

export interface SeedReferenceOptions {
  referenceDataDir: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** Loads reference data idempotently (being written in this session). */
export async function seedReferenceData(_db: Db, _options: SeedReferenceOptions): Promise<void> {}
