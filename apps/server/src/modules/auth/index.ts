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

/**
 * Getting in and staying in (issue 3): login with the optional SMS-code step, token refresh with
 * rotation, logout, admin impersonation. Sign-up, account validation and password reset are in
 * modules/accounts.
 */
export default async function authModule(
  app: FastifyInstance,
  options: { rateLimits?: RateLimitOverrides } = {},
) {
  const { database, accessTokens, signingSecret, sms, clock, config } = app.deps;
  const db = database.db;
  const throttle = await loginThrottleFor(app);
  const digests = createSecretDigests(signingSecret);
  const limit = await setUpRateLimits(app, options.rateLimits);
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

  await app.register(loginRoutes, { service: login, limit, throttle });
  await app.register(sessionsRoutes, { sessions, limit });
  await app.register(impersonationRoutes, {
    service: createImpersonationService({ db, accessTokens, clock }),
  });
}
