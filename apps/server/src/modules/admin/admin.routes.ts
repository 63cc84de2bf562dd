import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_PAGE_SIZE,
  ADMIN_ROLES,
  AdminAnnonceDetailSchema,
  AdminAnnoncePageSchema,
  AdminAuditPageSchema,
  AdminAuditQuerySchema,
  AdminDashboardSchema,
  AdminDeletionsSchema,
  AdminFeedbackPageSchema,
  AdminFeedbackQuerySchema,
  AdminIdParamsSchema,
  AdminLampionsBodySchema,
  AdminMatchActionResponseSchema,
  AdminMatchPageSchema,
  AdminMatchQuerySchema,
  AdminMatchSchema,
  AdminPageQuerySchema,
  AdminStatusResponseSchema,
  AdminUserActionResponseSchema,
  AdminUserDetailSchema,
  AdminUserPageSchema,
  AdminUserSearchQuerySchema,
  AnnonceRefuseBodySchema,
  CustomCatalogListSchema,
  CustomCatalogMergeBodySchema,
  CustomCatalogParamsSchema,
  IdentityReviewBodySchema,
  IdentityReviewResponseSchema,
  ImpersonateResponseSchema,
  LockBodySchema,
  MatchFinishBodySchema,
  MatchRefuseBodySchema,
  MergeTargetsSchema,
  SuperWatcherBodySchema,
} from '@app/domain';
import type { ImpersonationService } from '../auth/index';
import type { AdminAnnoncesService } from './admin-annonces.service';
import type { AdminCatalogService } from './admin-catalog.service';
import type { AdminDeletionsService } from './admin-deletions.service';
import type { AdminFeedbackService } from './admin-feedback.service';
import type { AdminMatchesService } from './admin-matches.service';
import type { AdminUsersService } from './admin-users.service';
import { listAdminActions } from './audit-log';

export interface AdminServices {
  annonces: AdminAnnoncesService;
  users: AdminUsersService;
  deletions: AdminDeletionsService;
  catalog: AdminCatalogService;
  feedback: AdminFeedbackService;
  matches: AdminMatchesService;
  impersonation: ImpersonationService;
  /** Lampions by hand into the ledger, inside the caller's transaction. */
  recordAdminLampions: Parameters<AdminUsersService['changeLampions']>[4];
}

const DELETIONS_LIMIT = 100;

/** The back office API (issue 6): every route for ROLE_ADMIN and ROLE_SUPER_ADMIN only. */
const adminRoutes: FastifyPluginAsyncZod<{ services: AdminServices }> = async (
  app,
  { services },
) => {
  const onRequest = app.requireRoles(ADMIN_ROLES);
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  const adminOf = (request: FastifyRequest) => request.currentUser!;
  const ERR = '401 without a valid token; 403 not.authorized.error for non-admin roles.';

  app.get(
    '/admin/api/dashboard',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Queue sizes',
        description: ERR,
        response: { 200: AdminDashboardSchema },
      },
    },
    async () => {
      const [a, i, ad, ac, c, f, m] = await Promise.all([
        services.annonces.countToValidate(),
        services.users.countIdentitiesToReview(),
        services.annonces.countDeletionRequests(),
        services.users.countDeletionRequests(),
        services.catalog.count(),
        services.feedback.count(),
        services.matches.countToValidate(),
      ]);
      return {
        annoncesToValidate: a,
        identitiesToReview: i,
        matchesToValidate: m,
        annonceDeletionRequests: ad,
        accountDeletionRequests: ac,
        customCatalogItems: c,
        feedbackMessages: f,
      };
    },
  );

  // ---- Announcements ------------------------------------------------------------------------
  app.get(
    '/admin/api/annonces/toValidate',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Announcements TO_VALIDATE, oldest publication first, with the total',
        description: ERR,
        querystring: AdminPageQuerySchema,
        response: { 200: AdminAnnoncePageSchema },
      },
    },
    async (request) => services.annonces.toValidate(request.query.page, ADMIN_PAGE_SIZE),
  );

  app.get(
    '/admin/api/annonce/:id',
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Every field, photo and private document (signed 5-minute links) of an announcement',
        description: `${ERR} 404 unknown announcement.`,
        params: AdminIdParamsSchema,
        response: { 200: AdminAnnonceDetailSchema },
      },
    },
    async (request) => services.annonces.detail(request.params.id),
  );

  app.post(
    '/admin/api/annonce/:id/validate',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'TO_VALIDATE → VALIDATED (validatedAt now); notifies ANNONCE_ACCEPTED',
        description: `${ERR} 403 admin.annonce.not.to.validate.error when not TO_VALIDATE; 404.`,
        params: AdminIdParamsSchema,
        response: { 200: AdminStatusResponseSchema },
      },
    },
    async (request) => services.annonces.validate(adminOf(request), request.params.id),
  );

  app.post(
    '/admin/api/annonce/:id/documentsChecked',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'The papers added after publication were checked: out of the queue',
        description: `${ERR} 403 admin.annonce.no.documents.to.check.error; 404.`,
        params: AdminIdParamsSchema,
        response: { 200: AdminStatusResponseSchema },
      },
    },
    async (request) => services.annonces.documentsChecked(adminOf(request), request.params.id),
  );

  app.post(
    '/admin/api/annonce/:id/refuse',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'TO_VALIDATE → REFUSED with the five reasons and a comment',
        description:
          `${ERR} 403 admin.annonce.not.to.validate.error; 403 invalidField commentaire ` +
          'admin.refusal.reason.required.error when every reason is true and no comment. Notifies ' +
          'PHOTOS_REFUSED when only the photos are refused, ANNONCE_REFUSED otherwise.',
        params: AdminIdParamsSchema,
        body: AnnonceRefuseBodySchema,
        response: { 200: AdminStatusResponseSchema },
      },
    },
    async (request) => services.annonces.refuse(adminOf(request), request.params.id, request.body),
  );

  app.post(
    '/admin/api/annonce/:id/delete',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Deletes an announcement: DELETED, personal data and files erased (row kept)',
        description: `${ERR} 403 admin.already.deleted.error; 404.`,
        params: AdminIdParamsSchema,
        response: { 200: AdminStatusResponseSchema },
      },
    },
    async (request) => services.deletions.deleteAnnonce(adminOf(request), request.params.id),
  );

  // ---- Users --------------------------------------------------------------------------------
  app.get(
    '/admin/api/identities',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Identities IN_PROGRESS, the longest waiting first, with the total',
        description: ERR,
        querystring: AdminPageQuerySchema,
        response: { 200: AdminUserPageSchema },
      },
    },
    async (request) => services.users.identitiesToReview(request.query.page, ADMIN_PAGE_SIZE),
  );

  app.get(
    '/admin/api/users',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Search users by e-mail, name or id (newest first)',
        description: ERR,
        querystring: AdminUserSearchQuerySchema,
        response: { 200: AdminUserPageSchema },
      },
    },
    async (request) => services.users.search(request.query.q, request.query.page, ADMIN_PAGE_SIZE),
  );

  app.get(
    '/admin/api/user/:id',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'A user: profile, roles, lock, lampions, identity documents (signed links)',
        description: `${ERR} 404.`,
        params: AdminIdParamsSchema,
        response: { 200: AdminUserDetailSchema },
      },
    },
    async (request) => services.users.detail(request.params.id),
  );

  app.post(
    '/admin/api/user/:id/identity',
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Accepts (ACCEPTED, ROLE_INDIVIDUAL_CONFIRMED) or refuses (REFUSED, comment) an identity',
        description:
          `${ERR} 403 admin.identity.not.in.progress.error; 403 invalidField commentaire ` +
          'admin.identity.comment.required.error for a refusal without comment; 404. Notifies ' +
          'ID_VALIDATED or ID_REFUSED.',
        params: AdminIdParamsSchema,
        body: IdentityReviewBodySchema,
        response: { 200: IdentityReviewResponseSchema },
      },
    },
    async (request) =>
      services.users.reviewIdentity(adminOf(request), request.params.id, request.body),
  );

  app.post(
    '/admin/api/user/:id/superWatcher',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Grants or removes ROLE_INDIVIDUAL_SUPER_WATCHER',
        description: `${ERR} 403 admin.user.is.admin.error; 404.`,
        params: AdminIdParamsSchema,
        body: SuperWatcherBodySchema,
        response: { 200: AdminUserActionResponseSchema },
      },
    },
    async (request) =>
      services.users.setSuperWatcher(adminOf(request), request.params.id, request.body.granted),
  );

  app.post(
    '/admin/api/user/:id/lock',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Locks (no login, no refresh, sessions revoked) or unlocks an account',
        description: `${ERR} 403 admin.user.is.admin.error; 404.`,
        params: AdminIdParamsSchema,
        body: LockBodySchema,
        response: { 200: AdminUserActionResponseSchema },
      },
    },
    async (request) => {
      const result = await services.users.setLocked(
        adminOf(request),
        request.params.id,
        request.body.locked,
        request.body.reason,
      );
      // The account's access tokens stop now, on every instance, not in 15 minutes.
      await app.sessionRevocations.changed(request.params.id);
      return result;
    },
  );

  app.post(
    '/admin/api/user/:id/lampions',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Adds (points > 0) or removes (points < 0) lampions with a reason',
        description: `${ERR} 400 without a reason or with 0 points; 403 admin.user.is.admin.error; 404.`,
        params: AdminIdParamsSchema,
        body: AdminLampionsBodySchema,
        response: { 200: AdminUserActionResponseSchema },
      },
    },
    async (request) =>
      services.users.changeLampions(
        adminOf(request),
        request.params.id,
        request.body.points,
        request.body.reason,
        services.recordAdminLampions,
      ),
  );

  app.post(
    '/admin/api/user/:id/impersonate',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'An access token acting as the user (15 minutes, no refresh); audited',
        description: `${ERR} 403 impersonation.forbidden.error for an admin target; 404.`,
        params: AdminIdParamsSchema,
        response: { 200: ImpersonateResponseSchema },
      },
    },
    async (request) => {
      const answer = await services.impersonation.start(
        adminOf(request),
        request.params.id,
        request.ip,
      );
      await services.users.auditImpersonation(adminOf(request), request.params.id);
      return answer;
    },
  );

  app.post(
    '/admin/api/user/:id/delete',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Erases an account: personal data, documents, announcements’ files, sessions',
        description: `${ERR} 403 admin.user.is.admin.error / admin.already.deleted.error; 404.`,
        params: AdminIdParamsSchema,
        response: { 200: AdminStatusResponseSchema },
      },
    },
    async (request) => {
      const result = await services.deletions.eraseAccount(adminOf(request), request.params.id);
      await app.sessionRevocations.changed(request.params.id);
      return result;
    },
  );

  app.get(
    '/admin/api/deletions',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Deletion requests: announcements and accounts, oldest request first',
        description: ERR,
        response: { 200: AdminDeletionsSchema },
      },
    },
    async () => ({
      annonces: await services.annonces.deletionRequests(DELETIONS_LIMIT),
      accounts: await services.users.accountDeletionRequests(DELETIONS_LIMIT),
    }),
  );

  // ---- Catalogue ----------------------------------------------------------------------------
  app.get(
    '/admin/api/catalog/custom',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Custom brands, models and finishes waiting for approval, oldest first',
        description: ERR,
        response: { 200: CustomCatalogListSchema },
      },
    },
    async () => services.catalog.list(),
  );

  app.get(
    '/admin/api/catalog/:kind/:id/mergeTargets',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Approved items (same brand / model) a custom item can be merged into',
        description: `${ERR} 404 unknown or already approved item.`,
        params: CustomCatalogParamsSchema,
        response: { 200: MergeTargetsSchema },
      },
    },
    async (request) => services.catalog.mergeTargets(request.params.kind, request.params.id),
  );

  for (const action of ['approve', 'reject'] as const) {
    app.post(
      `/admin/api/catalog/:kind/:id/${action}`,
      {
        onRequest,
        schema: {
          ...common,
          summary:
            action === 'approve'
              ? 'Approves a custom item (everyone sees it)'
              : 'Rejects a custom item (announcements using it lose that choice)',
          description:
            `${ERR} 404 unknown or already approved item` +
            (action === 'approve' ? '; 403 name.already.used.error (merge it instead).' : '.'),
          params: CustomCatalogParamsSchema,
          response: { 200: AdminStatusResponseSchema },
        },
      },
      async (request) =>
        services.catalog[action](adminOf(request), request.params.kind, request.params.id),
    );
  }

  app.post(
    '/admin/api/catalog/:kind/:id/merge',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Merges a custom item into an approved one: announcements re-pointed',
        description: `${ERR} 403 invalidField targetId admin.catalog.merge.target.error; 404.`,
        params: CustomCatalogParamsSchema,
        body: CustomCatalogMergeBodySchema,
        response: { 200: AdminStatusResponseSchema },
      },
    },
    async (request) =>
      services.catalog.merge(
        adminOf(request),
        request.params.kind,
        request.params.id,
        request.body.targetId,
      ),
  );

  // ---- Matches ------------------------------------------------------------------------------
  app.get(
    '/admin/api/matches',
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Match reports TO_VALIDATE (default) or VALIDATED (waiting for the return), oldest first',
        description: ERR,
        querystring: AdminMatchQuerySchema,
        response: { 200: AdminMatchPageSchema },
      },
    },
    async (request) =>
      services.matches.list(request.query.status, request.query.page, ADMIN_PAGE_SIZE),
  );

  app.get(
    '/admin/api/match/:id',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'A match report with its photos (signed links), watcher and announcement',
        description: `${ERR} 404.`,
        params: AdminIdParamsSchema,
        response: { 200: AdminMatchSchema },
      },
    },
    async (request) => services.matches.detail(request.params.id),
  );

  app.post(
    '/admin/api/match/:id/validate',
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'TO_VALIDATE → VALIDATED: +200 lampions; the announcement waits in MATCH_TO_VALIDATE',
        description: `${ERR} 403 admin.match.wrong.status.error; 404.`,
        params: AdminIdParamsSchema,
        response: { 200: AdminMatchActionResponseSchema },
      },
    },
    async (request) => services.matches.validate(adminOf(request), request.params.id),
  );

  app.post(
    '/admin/api/match/:id/refuse',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'REFUSED, or INVALID (-20 lampions) with invalid: true; notifies the watcher',
        description:
          `${ERR} 403 admin.match.wrong.status.error (only TO_VALIDATE or VALIDATED); 404. The ` +
          'announcement goes back to VALIDATED when no report of it is open any more. Notifies ' +
          'WATCHER_MATCH_REFUSED or WATCHER_MATCH_INVALID.',
        params: AdminIdParamsSchema,
        body: MatchRefuseBodySchema,
        response: { 200: AdminMatchActionResponseSchema },
      },
    },
    async (request) => services.matches.refuse(adminOf(request), request.params.id, request.body),
  );

  app.post(
    '/admin/api/match/:id/finish',
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'The vehicle was returned: FINISHED, +500 lampions, the watcher’s money, the announcement FINISHED',
        description:
          `${ERR} 403 admin.match.wrong.status.error (only VALIDATED); 403 invalidField ` +
          'restitutionDate admin.match.restitution.date.error (in the future or before the report). ' +
          'Money: additional reward + 100 EUR (licensed) or 50 EUR, none when destroyed. Payment ' +
          'promise DUE (CANCELLED when destroyed). Notifies WATCHER_/VICTIM_VEHICLE_FOUND_IN_FUNCTION ' +
          'or _DESTROYED; other open reports of the vehicle are refused.',
        params: AdminIdParamsSchema,
        body: MatchFinishBodySchema,
        response: { 200: AdminMatchActionResponseSchema },
      },
    },
    async (request) => services.matches.finish(adminOf(request), request.params.id, request.body),
  );

  // ---- Feedback and audit -------------------------------------------------------------------
  app.get(
    '/admin/api/feedback',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Bug reports and support messages, newest first',
        description: ERR,
        querystring: AdminFeedbackQuerySchema,
        response: { 200: AdminFeedbackPageSchema },
      },
    },
    async (request) =>
      services.feedback.list({
        kind: request.query.kind,
        page: request.query.page,
        pageSize: ADMIN_PAGE_SIZE,
      }),
  );

  app.get(
    '/admin/api/audit',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'The audit log of admin actions (who, what, when, before/after), newest first',
        description: ERR,
        querystring: AdminAuditQuerySchema,
        response: { 200: AdminAuditPageSchema },
      },
    },
    async (request) => {
      const page = request.query.page;
      const result = await listAdminActions(app.deps.database.db, {
        objectType: request.query.objectType,
        objectId: request.query.objectId,
        limit: ADMIN_PAGE_SIZE,
        offset: (page - 1) * ADMIN_PAGE_SIZE,
      });
      return { ...result, page, pageSize: ADMIN_PAGE_SIZE };
    },
  );
};

export default adminRoutes;
