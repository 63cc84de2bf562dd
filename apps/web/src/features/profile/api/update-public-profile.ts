import { UpdatePublicProfileResponseSchema } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface PublicProfileInput {
  phoneNumber: string;
  countryCode: string;
  department: string;
  profession: string;
  /** New files; absent means "keep the current one" (its id is sent back). */
  ribFile?: File | null;
  identityRectoFile?: File | null;
  identityVersoFile?: File | null;
  ribFileId?: number | null;
  identityRectoFileId?: number | null;
  identityVersoFileId?: number | null;
}

/** POST /user/updatePublicProfile (multipart, docs/product/accounts.md §7). 403 names the field refused. */
export function updatePublicProfile(input: PublicProfileInput) {
  const form = new FormData();
  form.append('phoneNumber', input.phoneNumber);
  form.append('countryCode', input.countryCode);
  if (input.countryCode === 'FR') form.append('department', input.department);
  form.append('profession', input.profession);
  for (const field of ['ribFile', 'identityRectoFile', 'identityVersoFile'] as const) {
    const file = input[field];
    const keptId = input[`${field}Id`];
    if (file) form.append(field, file);
    else if (keptId) form.append(`${field}Id`, String(keptId));
  }
  return api.post('/user/updatePublicProfile', {
    multipart: form,
    schema: UpdatePublicProfileResponseSchema,
    silent: true,
  });
}

export function useUpdatePublicProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePublicProfile,
    // The identity status shows in the shell and the home infos too.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
