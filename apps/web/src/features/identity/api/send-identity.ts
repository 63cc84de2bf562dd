import { SendIdentityResponseSchema } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface IdentityFiles {
  recto: File;
  verso: File;
}

/** POST /user/sendIdentity (multipart). A 403 names recto or verso (docs/product/accounts.md §8). */
export const sendIdentity = ({ recto, verso }: IdentityFiles) => {
  const form = new FormData();
  form.append('identityRectoFile', recto);
  form.append('identityVersoFile', verso);
  return api.post('/user/sendIdentity', {
    multipart: form,
    schema: SendIdentityResponseSchema,
    silent: true,
  });
};

export function useSendIdentity(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendIdentity,
    onSuccess: async () => {
      // Identity status shows in the shell, the profile and the home infos: refresh them all.
      await queryClient.invalidateQueries();
      options.onSuccess?.();
    },
  });
}
