import type { FastifyInstance } from 'fastify';
import impersonationRoutes from './impersonation.routes';
import { createImpersonationService } from './impersonation.service';
import loginRoutes from './login.routes';
import { createLoginService } from './login.service';
import { createOneTimeCodes } from './one-time-codes.service';
import { loginThrottleFor, setUpRateLimits, type RateLimitOverrides } from './rate-limits';
import { createSecretDigests } from './secret-digests';
import sessionsRoutes from './sessions.routes';
import { createSessions } from './sessions.service';

// What the other modules may use of this one (docs/architecture.md, "Module boundaries").
export { ProfessionalAccountError } from './auth-errors';
export { findAccountById, findAccountByUsername, type AccountRow } from './credentials.repository';
export type { ImpersonationService } from './impersonation.service';
export type { LoginThrottle } from './login-throttle';
export type { LoginService } from './login.service';
export type { OneTimeCodes } from './one-time-codes.service';
export {
  accountFromBody,
  deviceFromHeader,
  setUpRateLimits,
  type RateLimit,
  type RateLimitOverrides,
} from './rate-limits';
export { newOpaqueToken, type SecretDigests } from './secret-digests';
export { createSessionRevocations, type SessionRevocations } from './session-revocations';
// Ends every session inside the caller's transaction (a password reset), hence not a service call.
export { revokeAllOfUser } from './sessions.repository';
export { knownRoles, type Sessions } from './sessions.service';

/**
 * The auth services several modules use (accounts, admin, profile): built once per app by app.ts,
 * so that every module holds the same instances.
 */
export async function createAuthServices(app: FastifyInstance) {
  const { database, accessTokens, signingSecret, sms, clock, config } = app.deps;
  const db = database.db;
  const throttle = await loginThrottleFor(app);
  const digests = createSecretDigests(signingSecret);
  const sessions = createSessions({
    db,
    digests,
    accessTokens,
    clock,
    log: app.log,
    revocations: app.sessionRevocations,
  });
  const codes = createOneTimeCodes({ db, digests, clock });
  const login = createLoginService({
    db,
    codes,
    sessions,
    sms,
    clock,
    proSiteUrl: config.PRO_SITE_URL,
    throttle,
  });
  const impersonation = createImpersonationService({ db, accessTokens, clock });
  return { throttle, digests, sessions, codes, login, impersonation };
}

export type AuthServices = Awaited<ReturnType<typeof createAuthServices>>;

/**
 * Getting in and staying in (issue 3): login with the optional SMS-code step, token refresh with
 * rotation, logout, admin impersonation. Sign-up, account validation and password reset are in
 * modules/accounts.
 */
export default async function authModule(
  app: FastifyInstance,
  options: { auth: AuthServices; rateLimits?: RateLimitOverrides },
) {
  const { throttle, sessions, login, impersonation } = options.auth;
  const limit = await setUpRateLimits(app, options.rateLimits);

  await app.register(loginRoutes, { service: login, limit, throttle });
  await app.register(sessionsRoutes, { sessions, limit });
  await app.register(impersonationRoutes, { service: impersonation });
}
