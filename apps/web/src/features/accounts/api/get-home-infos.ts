import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeInfos } from './home-infos.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';
import { accountsAnswerSchemas } from './accounts-answer-schemas';

export type { HomeInfos };

// GET /home/getHomeInfos (docs/product/accounts.md §7). Silent: the shell only adapts to the answer; without one it behaves as if nothing were due.
export const getHomeInfos = () =>
  api.get('/home/getHomeInfos', { schema: accountsAnswerSchemas.homeInfos, silent: true });

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
