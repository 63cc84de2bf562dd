import { ArchiveLinkResponseSchema, EraseAccountResponseSchema } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { api } from '@/lib/api-client';

/**
 * POST /user/personalData/archiveLink, then the browser downloads the zip from the 5-minute signed
 * link (a download cannot carry the bearer token).
 */
export function useDownloadPersonalData() {
  return useMutation({
    mutationFn: async () => {
      const link = await api.post('/user/personalData/archiveLink', {
        schema: ArchiveLinkResponseSchema,
      });
      const anchor = document.createElement('a');
      anchor.href = `${env.API_URL}${link.url}`;
      anchor.download = '';
      anchor.rel = 'noopener';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      return link;
    },
  });
}

/** POST /user/eraseAccount: the password again, then the account is erased at once. */
export function useEraseAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      api.post('/user/eraseAccount', {
        json: { password },
        schema: EraseAccountResponseSchema,
        silent: true,
      }),
  });
}
