import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';
import { accountsAnswerSchemas } from './accounts-answer-schemas';

export type { CurrentUserData } from './current-user-data.schema';

// GET /user/currentUserData. Silent: it only decides whether the payment entry shows.
export const getCurrentUserData = () =>
  api.get('/user/currentUserData', { schema: accountsAnswerSchemas.currentUserData, silent: true });

export const getCurrentUserDataQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.currentUserData(),
    queryFn: getCurrentUserData,
    retry: false,
  });

export function useCurrentUserData() {
  return useQuery(getCurrentUserDataQueryOptions());
}
