import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  isAdmin,
  isProfessional,
  REFRESH_TOKEN_REMEMBER_ME_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  ROLES,
  SIGN_UP_REASONS,
  type LoginResponse,
  type Role,
  type SignUpReason,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { AccessTokens } from '../../lib/access-tokens';
import type { Clock } from '../../lib/clock';
import { authErrors } from './auth-errors';
import { findAccountById, isLockedByAdmin, type AccountRow } from './credentials.repository';
import type { SessionRevocations } from './session-revocations';
import { newOpaqueToken, type SecretDigests } from './secret-digests';
import {
  findRefreshToken,
  insertRefreshToken,
  revokeAllOfUser,
  revokeFamily,
  revokeFamilyOfUser,
  takeRefreshToken,
} from './sessions.repository';

const REFRESH_PURPOSE = 'refresh-token';

/** Only the five roles of the spec go into a token; anything else in the column is ignored. */
export function knownRoles(roles: readonly string[]): Role[] {
  return roles.filter((role): role is Role => (ROLES as readonly string[]).includes(role));
}

function signUpReasonOf(value: string | null): SignUpReason | null {
  return (SIGN_UP_REASONS as readonly string[]).includes(value ?? '')
    ? (value as SignUpReason)
    : null;
}

/**
 * Sessions (docs/product/founders-decisions.md "login call"): a 15-minute access token plus an opaque refresh token of
 * 1 day, or 30 days with remember-me. Each refresh rotates the token within its family; a token
 * presented twice means a copy exists, so the whole family is revoked and both holders must log in.
 */
export function createSessions(deps: {
  db: Db;
  digests: SecretDigests;
  accessTokens: AccessTokens;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Told whenever sessions end, so that their access tokens stop at once (issue 16). */
  revocations: Pick<SessionRevocations, 'changed'>;
}) {
  const { db, digests, accessTokens, clock, log, revocations } = deps;

  async function issue(
    user: AccountRow,
    family: { familyId: string; rememberMe: boolean },
  ): Promise<LoginResponse> {
    const now = clock.now();
    const refreshToken = newOpaqueToken();
    const lifetime = family.rememberMe
      ? REFRESH_TOKEN_REMEMBER_ME_TTL_SECONDS
      : REFRESH_TOKEN_TTL_SECONDS;
    await insertRefreshToken(db, {
      userId: user.id,
      familyId: family.familyId,
      tokenHash: digests.digest(REFRESH_PURPOSE, refreshToken),
      rememberMe: family.rememberMe,
      expiresAt: new Date(now.getTime() + lifetime * 1000),
      createdAt: now,
    });
    const roles = knownRoles(user.roles);
    const accessToken = await accessTokens.sign({
      userId: user.id,
      username: user.username,
      roles,
      sessionId: family.familyId,
    });
    return {
      username: user.username,
      roles,
      token_type: 'Bearer',
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      refresh_token: refreshToken,
      isFirstConnexion: user.isFirstConnexion,
      reason: signUpReasonOf(user.signupReason),
    };
  }

  return {
    /** A new session (new family) for a user who just proved who they are. */
    open(user: AccountRow, rememberMe: boolean): Promise<LoginResponse> {
      return issue(user, { familyId: randomUUID(), rememberMe });
    },

    /**
     * Exchanges a refresh token for a new pair; any problem is a 401 so that the client logs out.
     * The public app's sessions are individual ones; the back office's (`admin`) admin ones only.
     */
    async refresh(
      refreshToken: string,
      audience: 'public' | 'admin' = 'public',
    ): Promise<LoginResponse> {
      const now = clock.now();
      const tokenHash = digests.digest(REFRESH_PURPOSE, refreshToken);
      const taken = await takeRefreshToken(db, tokenHash, now);
      if (!taken) {
        const known = await findRefreshToken(db, tokenHash);
        if (known && !known.revokedAt) {
          await revokeFamily(db, known.familyId, now);
          await revocations.changed(known.userId);
          log.warn(
            { userId: known.userId, familyId: known.familyId },
            'refresh token reused: family revoked',
          );
        }
        throw authErrors.sessionInvalid();
      }
      if (taken.expiresAt.getTime() <= now.getTime()) throw authErrors.sessionInvalid();
      const user = await findAccountById(db, taken.userId);
      // Roles are read again: a confirmed identity or a new role takes effect at the next refresh.
      const allowed =
        user !== null &&
        (audience === 'admin'
          ? isAdmin(user.roles)
          : !isAdmin(user.roles) && !isProfessional(user.roles)) &&
        !(await isLockedByAdmin(db, user.id));
      if (!user || !allowed) {
        await revokeFamily(db, taken.familyId, now);
        await revocations.changed(taken.userId);
        throw authErrors.sessionInvalid();
      }
      return issue(user, { familyId: taken.familyId, rememberMe: taken.rememberMe });
    },

    /** Ends the session the refresh token belongs to; unknown tokens are ignored (logout is idempotent). */
    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const known = await findRefreshToken(db, digests.digest(REFRESH_PURPOSE, refreshToken));
      if (!known) return;
      await revokeFamily(db, known.familyId, clock.now());
      await revocations.changed(known.userId);
    },

    /** Ends the session an access token belongs to (logout sent with only the bearer token). */
    async logoutSession(userId: number, sessionId: string): Promise<void> {
      const now = clock.now();
      await revokeFamilyOfUser(db, userId, sessionId, now);
      await revocations.changed(userId);
    },

    /** Ends every session of a user (after a password reset). */
    async revokeAll(userId: number): Promise<void> {
      await revokeAllOfUser(db, userId, clock.now());
      await revocations.changed(userId);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
