import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { identityAnswerSchemas } from './identity-answer-schemas';
import { identityKeys } from './identity-keys';

/** GET /user/getCurrentUserValidation: must the identity (still) be sent? */
export const getCurrentUserValidation = () =>
  // Silent: without an answer the app simply does not ask for the identity.
  api.get('/user/getCurrentUserValidation', {
    schema: identityAnswerSchemas.currentUserValidation,
    silent: true,
  });

export const getCurrentUserValidationQueryOptions = () =>
  queryOptions({
    queryKey: identityKeys.validation(),
    queryFn: getCurrentUserValidation,
    // Accepted or refused by an admin meanwhile: ask again when the user comes back.
    refetchOnWindowFocus: 'always',
    retry: false,
  });

export function useCurrentUserValidation({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCurrentUserValidationQueryOptions(), enabled });
}
