import {
  ACCESS_TOKEN_TTL_SECONDS,
  ACCOUNT_MESSAGE_KEYS as K,
  isAdmin,
  isIndividual,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { AccessTokenClaims, AccessTokens } from '../../lib/access-tokens';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { findAccountById } from './credentials.repository';
import { insertImpersonationAudit } from './impersonation.repository';
import { knownRoles } from './sessions.service';

/**
 * An admin acts as a user (docs/product/accounts.md §4 "impersonation mode"): an access token of that user,
 * with that user's roles, carrying the admin's id; every start is written to the audit table.
 * No refresh token: when it expires the admin asks again, and each time is audited.
 */
export function createImpersonationService(deps: {
  db: Db;
  accessTokens: AccessTokens;
  clock: Clock;
}) {
  const { db, accessTokens, clock } = deps;

  return {
    async start(admin: AccessTokenClaims, targetUserId: number, ip: string | null) {
      // requireRoles already admitted admins only; an impersonation token cannot start another one.
      if (!isAdmin(admin.roles) || admin.impersonatorId !== undefined) {
        throw new AppError('FORBIDDEN', { messageKey: K.impersonationForbidden });
      }
      const target = await findAccountById(db, targetUserId);
      if (!target) throw notFound();
      // Only individual accounts: acting as another admin would be a way around their own rights.
      if (isAdmin(target.roles) || !isIndividual(target.roles)) {
        throw new AppError('FORBIDDEN', { messageKey: K.impersonationForbidden });
      }
      await insertImpersonationAudit(db, {
        adminUserId: admin.userId,
        adminUsername: admin.username,
        targetUserId: target.id,
        targetUsername: target.username,
        ip,
        createdAt: clock.now(),
      });
      const roles = knownRoles(target.roles);
      const accessToken = await accessTokens.sign({
        userId: target.id,
        username: target.username,
        roles,
        impersonatorId: admin.userId,
      });
      return {
        username: target.username,
        roles,
        token_type: 'Bearer' as const,
        access_token: accessToken,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
        impersonatorId: admin.userId,
        impersonatorUsername: admin.username,
      };
    },
  };
}

export type ImpersonationService = ReturnType<typeof createImpersonationService>;
