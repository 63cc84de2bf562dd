import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { AdminAuditEntry, RecordAdminAction } from '../../lib/admin-audit-entry';
import { adminAuditLog, users } from '../../db/schema/index';

/**
 * Writes one audit row, inside the caller's transaction so that the trace exists exactly when the
 * change it describes was committed (contracts.md: `recordAdminAction(tx, …)`).
 */
export const recordAdminAction: RecordAdminAction = async (tx: Db, action: AdminAuditEntry) => {
  let adminUsername = action.adminUsername;
  if (adminUsername === undefined) {
    const [row] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, action.adminId));
    adminUsername = row?.username ?? `#${action.adminId}`;
  }
  await tx.insert(adminAuditLog).values({
    adminId: action.adminId,
    adminUsername,
    action: action.action,
    objectType: action.objectType,
    objectId: action.objectId,
    before: action.before,
    after: action.after,
    createdAt: action.at,
  });
};

/** The audit log, newest first, optionally about one object. */
export async function listAdminActions(
  db: Db,
  filter: { objectType?: string; objectId?: number; limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (filter.objectType) conditions.push(eq(adminAuditLog.objectType, filter.objectType));
  if (filter.objectId !== undefined) conditions.push(eq(adminAuditLog.objectId, filter.objectId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(adminAuditLog).where(where),
  ]);
  return {
    total: total?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      adminId: row.adminId,
      adminUsername: row.adminUsername,
      action: row.action,
      objectType: row.objectType,
      objectId: row.objectId,
      before: row.before ?? null,
      after: row.after ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
