import { offThreadSchema } from './off-thread-schema';

/** The runtime configuration every page asks once idle, checked off the main thread. */
export const clientConfigAnswerSchemas = {
  clientConfig: offThreadSchema(
    'config/clientConfig',
    async () => (await import('./client-config.schema')).ClientConfigSchema,
  ),
};
