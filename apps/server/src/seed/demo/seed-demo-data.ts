import type { FastifyBaseLogger } from 'fastify';
import type { AppDependencies } from '../../app';

/** Demo account and announcements (being written in this session). */
export async function seedDemoData(
  _deps: AppDependencies,
  _options: { log: Pick<FastifyBaseLogger, 'info' | 'warn'> },
): Promise<void> {}
