import type { Db } from '../../db/database';
import type { NotificationInput } from '../notifications/index';

/**
 * What the back office tells users (docs/product/accounts.md §3 notification types), through the notifications
 * module's notifier: `notify` writes inside the given transaction.
 */
export type AdminNotificationInput = NotificationInput;

export interface AdminNotifier {
  notify(items: AdminNotificationInput | AdminNotificationInput[], tx?: Db): Promise<void>;
}
