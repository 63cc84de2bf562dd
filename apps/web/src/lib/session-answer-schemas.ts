import { offThreadSchema } from './off-thread-schema';

/** The token refresh's answer (lib/api-client), checked off the main thread. */
export const sessionAnswerSchemas = {
  tokens: offThreadSchema(
    'session/tokens',
    async () => (await import('./token-answer.schema')).TokenAnswerSchema,
  ),
};
