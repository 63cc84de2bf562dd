import type { FastifyInstance } from 'fastify';
import { setUpRateLimits, type AuthServices } from '../auth/index';
import type { Lampions } from '../lampions/index';
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

// What the other modules may use of this one (docs/architecture.md, "Module boundaries").
export { eraseAccountRows } from './account-erasure';
export { recordAdminAction } from './audit-log';
// The first admin account, made from the command line (cli/create-admin.cli.ts).
export { createAdmin } from './create-admin';

/**
 * The back office (issue 6): its own login (/admin/login, admins only) and the admin API under
 * /admin/api/**, every route for ROLE_ADMIN and ROLE_SUPER_ADMIN. The screens are the web app's
 * second entry, served at /admin/.
 */
export default async function adminModule(
  app: FastifyInstance,
  options: { auth: AuthServices; lampions: Lampions; notifier: AdminNotifier },
) {
  const { database, signingSecret, clock, config, storage } = app.deps;
  const db = database.db;
  const { login, sessions, throttle, impersonation } = options.auth;
  const limit = await setUpRateLimits(app);
  await app.register(adminAuthRoutes, { login, sessions, limit, throttle });

  const ctx: AdminContext = {
    db,
    clock,
    storage,
    publicUrl: config.publicUrl,
    signingSecret,
    notifier: options.notifier,
    log: app.log,
  };
  const { lampions } = options;
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
      impersonation,
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
