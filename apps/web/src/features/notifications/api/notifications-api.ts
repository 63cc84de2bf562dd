import type { NotificationView } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationsAnswerSchemas } from './notifications-answer-schemas';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

/**
 * POST /lampNotification/getAllForUser, every type. Failures are only logged (docs/product/accounts.md §8): the
 * bell then shows its error line, never the global toast.
 */
export function useNotifications({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: () =>
      api.post('/lampNotification/getAllForUser', {
        form: {},
        schema: notificationsAnswerSchemas.list,
        silent: true,
      }),
    enabled,
    refetchOnWindowFocus: true,
  });
}

type State = 'viewed' | 'clicked';

/** GET …/changeNotifViewedState/{id} and …/changeNotifClickedState/{id}, shown at once in the list. */
export function useMarkNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, state }: { ids: number[]; state: State }) => {
      const path =
        state === 'viewed'
          ? '/lampNotification/changeNotifViewedState'
          : '/lampNotification/changeNotifClickedState';
      await Promise.all(
        ids.map((id) =>
          api
            .get(`${path}/${id}`, { schema: notificationsAnswerSchemas.state, silent: true })
            .catch((error: unknown) =>
              console.warn(`Notification ${id} not marked ${state}`, error),
            ),
        ),
      );
    },
    onMutate: ({ ids, state }) => {
      const marked = new Set(ids);
      queryClient.setQueryData<NotificationView[]>(notificationKeys.list(), (list) =>
        list?.map((item) =>
          marked.has(item.id)
            ? { ...item, viewed: true, clicked: state === 'clicked' ? true : item.clicked }
            : item,
        ),
      );
    },
  });
}

/** POST /lampNotification/liveTicket: the one-minute ticket the live stream's URL carries. */
export const getLiveTicket = () =>
  api.post('/lampNotification/liveTicket', {
    schema: notificationsAnswerSchemas.liveTicket,
    silent: true,
  });
