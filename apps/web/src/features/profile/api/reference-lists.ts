import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

const OptionsSchema = z.array(z.object({ value: z.string(), text: z.string() }));

/** GET /apiMobile/getAllDepartments: "31 - Haute-Garonne"… */
export function useDepartments() {
  return useQuery({
    queryKey: profileKeys.departments(),
    queryFn: () => api.get('/apiMobile/getAllDepartments', { schema: OptionsSchema }),
    staleTime: Infinity,
  });
}

/** GET /apiMobile/getAllProfessions. */
export function useProfessions() {
  return useQuery({
    queryKey: profileKeys.professions(),
    queryFn: () => api.get('/apiMobile/getAllProfessions', { schema: OptionsSchema }),
    staleTime: Infinity,
  });
}
