import { offThreadSchema } from '@/lib/off-thread-schema';

const answers = () => import('./saved-searches-answers.schema');

/** The alerts' calls (the search screen asks whether its filters are one), checked off the main thread. */
export const savedSearchesAnswerSchemas = {
  checkExisting: offThreadSchema(
    'savedSearches/checkExisting',
    async () => (await answers()).CheckExistingSavedSearchResponseSchema,
  ),
  created: offThreadSchema(
    'savedSearches/created',
    async () => (await answers()).SavedSearchCreatedSchema,
  ),
  deleted: offThreadSchema('savedSearches/deleted', async () => (await answers()).DeletedSchema),
  filtersSummary: offThreadSchema(
    'savedSearches/filtersSummary',
    async () => (await answers()).FiltersAlertTextResponseSchema,
  ),
  list: offThreadSchema('savedSearches/list', async () => (await answers()).SavedSearchListSchema),
};
