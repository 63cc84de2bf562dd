import type { AdminAuditAction, AdminAuditObjectType } from '@app/domain';
import type { Db } from '../db/database';

/**
 * One row of the back office's audit log, as its writer takes it. Here rather than in the admin
 * module: the notifications module writes audit rows too (a team message), and module indexes must
 * not import each other in a cycle (the admin module depends on notifications).
 */
export interface AdminAuditEntry {
  adminId: number;
  /** Copied into the row; read from the users table when not given. */
  adminUsername?: string;
  /** What was done; only the domain's list, which the back office has words for. */
  action: AdminAuditAction;
  objectType: AdminAuditObjectType;
  objectId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: Date;
}

/** Writes an audit row inside the caller's transaction (the admin module's recordAdminAction). */
export type RecordAdminAction = (tx: Db, entry: AdminAuditEntry) => Promise<void>;
