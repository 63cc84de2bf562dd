import { OptionListSchema } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './auth-keys';

/** GET /apiMobile/getAllDepartments: the department select of sign-up step 3 (France only). */
export const getDepartments = () =>
  api.get('/apiMobile/getAllDepartments', { schema: OptionListSchema, anonymous: true });

export const getDepartmentsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.departments(),
    queryFn: getDepartments,
    staleTime: Infinity,
  });

export function useDepartments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getDepartmentsQueryOptions(), enabled });
}
