import { HomeInfosSchema, UpdateFirstConnexionResponseSchema } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The shell reads the same call under the same key: one request serves both. */
const homeInfosKey = ['accounts', 'home-infos'] as const;

/** GET /home/getHomeInfos: is the first-connection modal due, must the identity be sent? */
export function useFirstConnexionInfos({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: homeInfosKey,
    queryFn: () => api.get('/home/getHomeInfos', { schema: HomeInfosSchema, silent: true }),
    refetchOnWindowFocus: 'always',
    retry: false,
    // The shell may have failed this call already: one failure is enough, do not ask again.
    retryOnMount: false,
    enabled,
  });
}

/** POST /user/updateFirstConnexion: the modal is done (form isFirstConnexion=false). */
export function useEndFirstConnexion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post('/user/updateFirstConnexion', {
        form: { isFirstConnexion: false },
        schema: UpdateFirstConnexionResponseSchema,
        // The modal closes either way; the server asks again at the next visit if this failed.
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: homeInfosKey }),
  });
}
