import type { FastifyInstance } from 'fastify';
import { setUpRateLimits, type AuthServices, type RateLimitOverrides } from '../auth/index';
import accountValidationRoutes from './account-validation.routes';
import { createAccountValidationService } from './account-validation.service';
import passwordResetRoutes from './password-reset.routes';
import { createPasswordResetService } from './password-reset.service';
import registrationRoutes from './registration.routes';
import { createRegistrationService } from './registration.service';

// What the other modules may use of this one (docs/architecture.md, "Module boundaries").
export { parseForm } from './form-errors';

/**
 * Becoming a user and getting back in (issue 3): e-mail pre-check, sign-up in three checked
 * steps, account validation by mailed code, forgot / reset password. Login is in modules/auth.
 */
export default async function accountsModule(
  app: FastifyInstance,
  options: { auth: AuthServices; rateLimits?: RateLimitOverrides },
) {
  const { database, mailer, clock, config } = app.deps;
  const db = database.db;
  const { digests, codes } = options.auth;
  const limit = await setUpRateLimits(app, options.rateLimits);
  const validation = createAccountValidationService({
    db,
    codes,
    mailer,
    clock,
    publicUrl: config.publicUrl,
  });

  await app.register(registrationRoutes, {
    service: createRegistrationService({
      db,
      clock,
      validation,
      proSiteUrl: config.PRO_SITE_URL,
      log: app.log,
    }),
    limit,
  });
  await app.register(accountValidationRoutes, { service: validation, limit });
  await app.register(passwordResetRoutes, {
    service: createPasswordResetService({
      db,
      digests,
      mailer,
      clock,
      publicUrl: config.publicUrl,
      revocations: app.sessionRevocations,
    }),
    limit,
  });
}
