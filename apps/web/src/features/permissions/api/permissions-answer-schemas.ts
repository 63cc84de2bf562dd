import { offThreadSchema } from '@/lib/off-thread-schema';

/** The notification settings the header's modal reads and saves, checked off the main thread. */
export const permissionsAnswerSchemas = {
  notificationPreferences: offThreadSchema(
    'permissions/notificationPreferences',
    async () => (await import('./permissions-answers.schema')).NotificationPreferencesSchema,
  ),
};
