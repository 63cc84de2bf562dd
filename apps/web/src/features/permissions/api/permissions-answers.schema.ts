// The notification settings' answer, fetched apart from the header's code by the answer check
// worker (issue 17: zod is not on a signed-in first screen's main thread); see lib/off-thread-schema.
export { NotificationPreferencesSchema } from '@app/domain';
