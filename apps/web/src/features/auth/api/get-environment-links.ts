import { EnvironmentLinksSchema } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './auth-keys';

/** GET /home/getEnvironmentLinks: the professional site the redirect modal points to. */
export const getEnvironmentLinks = () =>
  api.get('/home/getEnvironmentLinks', {
    schema: EnvironmentLinksSchema,
    anonymous: true,
    silent: true,
  });

export const getEnvironmentLinksQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.environmentLinks(),
    queryFn: getEnvironmentLinks,
    staleTime: Infinity,
    retry: false,
  });

export function useEnvironmentLinks({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getEnvironmentLinksQueryOptions(), enabled });
}
