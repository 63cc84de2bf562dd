import type { Db } from '../../db/database';
import { impersonationAudit } from '../../db/schema/index';

export async function insertImpersonationAudit(
  db: Db,
  values: {
    adminUserId: number;
    adminUsername: string;
    targetUserId: number;
    targetUsername: string;
    ip: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(impersonationAudit).values(values);
}
