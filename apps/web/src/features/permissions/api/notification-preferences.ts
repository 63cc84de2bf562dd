import type { NotificationPreferences } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { permissionsAnswerSchemas } from './permissions-answer-schemas';

const key = ['permissions', 'notification-preferences'] as const;

/** GET /user/getNotificationParam. */
export function useNotificationPreferences({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: key,
    queryFn: () =>
      api.get('/user/getNotificationParam', {
        schema: permissionsAnswerSchemas.notificationPreferences,
        silent: true,
      }),
    enabled,
  });
}

/** POST /user/updateNotificationParam (form of the five booleans). */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NotificationPreferences) =>
      api.post('/user/updateNotificationParam', {
        form: { ...values },
        schema: permissionsAnswerSchemas.notificationPreferences,
        // Failures are only logged (docs/product/accounts.md §8): the modal closes either way.
        silent: true,
      }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}
