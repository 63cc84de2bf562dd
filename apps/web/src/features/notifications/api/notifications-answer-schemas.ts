import { offThreadSchema } from '@/lib/off-thread-schema';

const answers = () => import('./notifications-answers.schema');

/** The bell's calls, made on every signed-in screen, checked off the main thread. */
export const notificationsAnswerSchemas = {
  list: offThreadSchema('notifications/list', async () => (await answers()).NotificationListSchema),
  state: offThreadSchema(
    'notifications/state',
    async () => (await answers()).NotificationStateAnswerSchema,
  ),
  liveTicket: offThreadSchema(
    'notifications/liveTicket',
    async () => (await answers()).LiveTicketSchema,
  ),
};
