// The saved searches' answers, fetched apart from the search screen's code by the answer check
// worker (issue 17: zod is not on the search's main thread); see lib/off-thread-schema.
export {
  CheckExistingSavedSearchResponseSchema,
  DeletedSchema,
  FiltersAlertTextResponseSchema,
  SavedSearchCreatedSchema,
  SavedSearchListSchema,
} from '@app/domain';
