/**
 * Every action the audit log records, and the kinds of object it records them on. The server may
 * only write these, and the back office has words for each (never "ANNONCE_VALIDATED" on screen).
 */
export const ADMIN_AUDIT_ACTIONS = [
  'ACCOUNT_ERASED',
  'ANNONCE_DELETED',
  'ANNONCE_DOCUMENTS_CHECKED',
  'ANNONCE_REFUSED',
  'ANNONCE_VALIDATED',
  'CATALOG_APPROVED',
  'CATALOG_MERGED',
  'CATALOG_REJECTED',
  'IDENTIFIER_WALK_REFUSED',
  'IDENTITY_ACCEPTED',
  'IDENTITY_REFUSED',
  'LAMPIONS_ADDED',
  'LAMPIONS_REMOVED',
  'MATCH_FINISHED',
  'MATCH_INVALID',
  'MATCH_REFUSED',
  'MATCH_VALIDATED',
  'NOTIFICATION_BROADCAST',
  'SUPER_WATCHER_GRANTED',
  'SUPER_WATCHER_REMOVED',
  'USER_IMPERSONATED',
  'USER_LOCKED',
  'USER_UNLOCKED',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

export const ADMIN_AUDIT_OBJECT_TYPES = [
  'Annonce',
  'Brand',
  'Lampions',
  'Match',
  'Model',
  'ModelFinish',
  'Notification',
  'User',
] as const;
export type AdminAuditObjectType = (typeof ADMIN_AUDIT_OBJECT_TYPES)[number];
