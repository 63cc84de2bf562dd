import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../adapters/storage';
import type { Db } from '../../db/database';
import type { AccessTokenClaims } from '../../lib/access-tokens';
import type { Clock } from '../../lib/clock';
import { signFileUrl } from '../../lib/signed-file-urls';
import type { AdminNotifier } from './admin-notifier';

/** What every back-office service needs. */
export interface AdminContext {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  publicUrl: string;
  signingSecret: string;
  notifier: AdminNotifier;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** The admin making the call (requireRoles(ADMIN_ROLES) already checked the role). */
export type AdminUser = AccessTokenClaims;

export interface FileInfo {
  id: number;
  originalFileName: string;
  mimeType: string;
}

/** A 5-minute signed link: admins read private documents the same way their owners do. */
export function signedFile(ctx: AdminContext, file: FileInfo | undefined | null) {
  if (!file) return null;
  return {
    id: file.id,
    fileUrl: `${ctx.publicUrl}${signFileUrl(ctx.signingSecret, file.id, ctx.clock.now())}`,
    fileName: file.originalFileName,
    isPdf: file.mimeType === 'application/pdf',
  };
}

export function pageWindow(page: number, pageSize: number) {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

export const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
