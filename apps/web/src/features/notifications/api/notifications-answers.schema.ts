// The notification calls' answers, fetched apart from the bell's code by the answer check worker
// (issue 17: zod is not on the main thread of a signed-in first screen); see lib/off-thread-schema.
import { NotificationViewSchema } from '@app/domain';
import { z } from 'zod';

export { LiveTicketSchema, NotificationStateAnswerSchema } from '@app/domain';

export const NotificationListSchema = z.array(NotificationViewSchema);
