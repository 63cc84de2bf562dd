import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { identityKeys } from './identity-keys';

// Fetched beside the first render, not before it (lib/lazy-schema, issue 17).
const userValidationSchema = lazySchema(
  async () => (await import('./user-validation-answer.schema')).CurrentUserValidationSchema,
);

/** GET /user/getCurrentUserValidation: must the identity (still) be sent? */
export const getCurrentUserValidation = () =>
  // Silent: without an answer the app simply does not ask for the identity.
  api.get('/user/getCurrentUserValidation', { schema: userValidationSchema, silent: true });

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
