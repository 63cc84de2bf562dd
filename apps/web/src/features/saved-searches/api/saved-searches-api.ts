import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedSearchesAnswerSchemas } from './saved-searches-answer-schemas';

/** The filters as the search screen hands them over (id lists as JSON-array strings). */
export type Criteria = Record<string, string | number | null>;

export const savedSearchKeys = {
  all: ['savedSearches'] as const,
  mine: () => [...savedSearchKeys.all, 'mine'] as const,
  summary: (criteria: string) => [...savedSearchKeys.all, 'summary', criteria] as const,
  existing: (criteria: string) => [...savedSearchKeys.all, 'existing', criteria] as const,
};

/** The create modal's text listing the chosen filters; a failure is only logged (§8). */
export const getFiltersSummary = (criteria: Criteria) =>
  api.post('/search/getDisplaySelectedValuesFiltersAlert', {
    form: criteria,
    schema: savedSearchesAnswerSchemas.filtersSummary,
    silent: true,
  });

export function useFiltersSummary(criteria: Criteria, enabled: boolean) {
  return useQuery({
    queryKey: savedSearchKeys.summary(JSON.stringify(criteria)),
    queryFn: async () => {
      try {
        const summary = await getFiltersSummary(criteria);
        return { text: summary.displaySelectedValuesText, proposedName: summary.proposedName };
      } catch (error) {
        console.warn('Filters summary unavailable', error);
        return { text: '', proposedName: '' };
      }
    },
    enabled,
  });
}

const withoutSort = ({ researchSorting: _sort, address: _address, ...criteria }: Criteria) =>
  criteria;

/** POST /savedSearch/checkExisting: the alert already saved with exactly these filters, if any. */
export const checkExistingSavedSearch = (criteria: Criteria) =>
  api.post('/savedSearch/checkExisting', {
    form: withoutSort(criteria),
    schema: savedSearchesAnswerSchemas.checkExisting,
    silent: true,
  });

/**
 * The alert already saved with exactly these filters, if any: the search screen shows "Alerte
 * active" instead of offering to create it again. A failure counts as none (only logged).
 */
export function useExistingAlert(criteria: Criteria, enabled: boolean) {
  return useQuery({
    queryKey: savedSearchKeys.existing(JSON.stringify(withoutSort(criteria))),
    queryFn: async () => {
      try {
        const found = await checkExistingSavedSearch(criteria);
        return found.savedSearchId == null
          ? null
          : { id: found.savedSearchId, name: found.savedSearchName ?? '' };
      } catch (error) {
        console.warn('Existing alert check unavailable', error);
        return null;
      }
    },
    enabled,
  });
}

/** POST /savedSearch: errors are shown by the modal (403 on name) or only logged (§8). */
export const createSavedSearch = (name: string, criteria: Criteria) =>
  api.post('/savedSearch', {
    form: { ...criteria, name },
    schema: savedSearchesAnswerSchemas.created,
    silent: true,
  });

export const getMyAlerts = () =>
  // Silent: the page shows its own error in place of the list.
  api.get('/savedSearch/getMyAlerts', { schema: savedSearchesAnswerSchemas.list, silent: true });

export function useMyAlerts() {
  return useQuery({ queryKey: savedSearchKeys.mine(), queryFn: getMyAlerts });
}

/** DELETE /savedSearch/{id}: the caller shows the 401/404 toast itself (§8). */
export const deleteSavedSearch = (id: number) =>
  api.delete(`/savedSearch/${id}`, { schema: savedSearchesAnswerSchemas.deleted, silent: true });

export function useDeleteSavedSearch(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: async () => {
      // The home has one section per alert.
      await queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['discovery', 'home'] });
      options.onSuccess?.();
    },
  });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, criteria }: { name: string; criteria: Criteria }) =>
      createSavedSearch(name, criteria),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['discovery', 'home'] });
    },
  });
}
