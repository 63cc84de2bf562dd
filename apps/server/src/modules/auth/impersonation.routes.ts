import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ROLES, ImpersonateBodySchema, ImpersonateResponseSchema } from '@app/domain';
import { AppError } from '../../lib/app-error';
import type { ImpersonationService } from './impersonation.service';

const impersonationRoutes: FastifyPluginAsyncZod<{ service: ImpersonationService }> = async (
  app,
  { service },
) => {
  app.post(
    '/admin/impersonate',
    {
      // onRequest: an anonymous caller learns nothing about the body (docs/decisions.md §8).
      onRequest: app.requireRoles(ADMIN_ROLES),
      schema: {
        tags: ['auth', 'admin'],
        summary: 'An admin gets an access token acting as an individual user (audited)',
        description:
          'ROLE_ADMIN or ROLE_SUPER_ADMIN. 401 without a valid token; 403 not.authorized.error for ' +
          'other roles; 403 impersonation.forbidden.error when the target is not an individual ' +
          'account or the caller is already impersonating; 404 unknown user.',
        security: [{ bearerAuth: [] }],
        body: ImpersonateBodySchema,
        response: { 200: ImpersonateResponseSchema },
      },
    },
    async (request) => {
      const admin = request.currentUser;
      if (!admin) throw new AppError('UNAUTHENTICATED');
      return service.start(admin, request.body.userId, request.ip);
    },
  );
};

export default impersonationRoutes;
