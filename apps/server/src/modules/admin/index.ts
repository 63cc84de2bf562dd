import type { FastifyInstance } from 'fastify';
import { createImpersonationService } from '../auth/impersonation.service';
import { createLoginService } from '../auth/login.service';
import { createOneTimeCodes } from '../auth/one-time-codes.service';
import { loginThrottleFor, setUpRateLimits } from '../auth/rate-limits';
import { createSecretDigests } from '../auth/secret-digests';
import { createSessions } from '../auth/sessions.service';
import { createLampions } from '../lampions/lampions.service';
import { createNotifier } from '../notifications/notifier';
import { createAdminAnnoncesService } from './admin-annonces.service';
import adminAuthRoutes from './admin-auth.routes';
import { createAdminCatalogService } from './admin-catalog.service';
import type { AdminContext } from './admin-context';
import { createAdminDeletionsService } from './admin-deletions.service';
import { createAdminFeedbackService } from './admin-feedback.service';
import { createAdminMatchesService } from './admin-matches.service';
import type { AdminNotifier } from './admin-notifier';
import { createAdminUsersService } from './admin-users.service';
import adminRoutes from './admin.routes';

/**
 * The back office (issue 6): its own login (/admin/login, admins only) and the admin API under
 * /admin/api/**, every route for ROLE_ADMIN and ROLE_SUPER_ADMIN. The screens are the web app's
 * second entry, served at /admin/.
 */
export default async function adminModule(
  app: FastifyInstance,
  options: { notifier?: AdminNotifier } = {},
) {
  const { database, accessTokens, signingSecret, sms, clock, config, storage } = app.deps;
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
  const login = createLoginService({
    db,
    codes: createOneTimeCodes({ db, digests, clock }),
    sessions,
    sms,
    clock,
    proSiteUrl: config.PRO_SITE_URL,
    throttle,
  });
  const limit = await setUpRateLimits(app);
  await app.register(adminAuthRoutes, { login, sessions, limit, throttle });

  const ctx: AdminContext = {
    db,
    clock,
    storage,
    publicUrl: config.publicUrl,
    signingSecret,
    notifier: options.notifier ?? createNotifier({ db, clock }),
    log: app.log,
  };
  const lampions = createLampions({ db, clock });
  await app.register(adminRoutes, {
    services: {
      annonces: createAdminAnnoncesService(ctx),
      users: createAdminUsersService(ctx),
      deletions: createAdminDeletionsService(ctx),
      catalog: createAdminCatalogService(ctx),
      feedback: createAdminFeedbackService(ctx),
      matches: createAdminMatchesService(ctx, async (tx, userId, kind, matchId) => {
        const award = await lampions.record(
          userId,
          kind,
          { objectType: 'Match', objectId: matchId },
          tx,
        );
        return award.points;
      }),
      impersonation: createImpersonationService({ db, accessTokens, clock }),
      recordAdminLampions: async (tx, userId, points) => {
        await lampions.record(
          userId,
          points > 0 ? 'ADMIN_ADDED' : 'ADMIN_REMOVED',
          { objectType: 'User', objectId: userId, points },
          tx,
        );
      },
    },
  });
}
