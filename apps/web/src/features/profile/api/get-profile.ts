import { ProfileSchema } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** GET /user/getProfile. Document links inside are signed for a few minutes only. */
// Silent: the screens show their own error in place of the profile.
export const getProfile = () =>
  api.get('/user/getProfile', { schema: ProfileSchema, silent: true });

export const getProfileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.profile(),
    queryFn: getProfile,
    // Signed links expire after 5 minutes: keep the profile fresh enough for them to open.
    staleTime: 60_000,
  });

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
