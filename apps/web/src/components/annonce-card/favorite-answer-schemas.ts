import { offThreadSchema } from '@/lib/off-thread-schema';

/** The favourite toggle of every card, checked off the main thread. */
export const favoriteAnswerSchemas = {
  updateFavoris: offThreadSchema(
    'cards/updateFavoris',
    async () => (await import('./favorite-answer.schema')).UpdateFavorisResponseSchema,
  ),
};
