import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

/** GET /home/getHomeInfos (docs/product/accounts.md §7). */
export const HomeInfosSchema = z.object({
  isFirstConnexion: z.boolean(),
  identityRefused: z.boolean(),
  identityNotSubmitted: z.boolean(),
});
export type HomeInfos = z.infer<typeof HomeInfosSchema>;

// Silent: the shell only adapts to the answer; without one it behaves as if nothing were due.
export const getHomeInfos = () =>
  api.get('/home/getHomeInfos', { schema: HomeInfosSchema, silent: true });

export const getHomeInfosQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.homeInfos(),
    queryFn: getHomeInfos,
    // The user may have sent the identity from another device: ask again on return (spec §7).
    refetchOnWindowFocus: 'always',
    retry: false,
  });

export function useHomeInfos({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getHomeInfosQueryOptions(), enabled });
}
