import type { Db } from '../../db/database';

/**
 * What the back office tells users (accounts.md §3 notification types). The notifications module
 * (issue 9) provides the real notifier; `notify` writes inside the given transaction.
 */
export interface AdminNotificationInput {
  userId: number;
  type: string;
  objectType: 'User' | 'Annonce' | 'Lampions';
  objectId: number | null;
  params?: Record<string, string | number>;
}

export interface AdminNotifier {
  notify(items: AdminNotificationInput | AdminNotificationInput[], tx?: Db): Promise<void>;
}
