import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginBodySchema, LoginResponseSchema, RefreshTokenBodySchema } from '@app/domain';
import type { LoginService, LoginThrottle, RateLimit, Sessions } from '../auth/index';

/**
 * The back office's own sign-in (issue 6): like /api/login and /oauth/access_token, but for
 * ROLE_ADMIN and ROLE_SUPER_ADMIN only, while the public calls keep refusing admins.
 */
const adminAuthRoutes: FastifyPluginAsyncZod<{
  login: LoginService;
  sessions: Sessions;
  limit: RateLimit;
  throttle: LoginThrottle;
}> = async (app, { login, sessions, limit, throttle }) => {
  app.post(
    '/admin/login',
    {
      // Public: the admin has no session yet.
      config: { public: true },
      preHandler: [limit('login'), throttle.guard],
      schema: {
        tags: ['admin'],
        summary: 'Admin login: answered like /api/login, for admin accounts only',
        description:
          '401 login.incorrect.error; 423 account.locked.error (locked); 429 with Retry-After after ' +
          'repeated wrong passwords from this address; 403 ' +
          'Profile.forbidden.error for a non-admin account; 429 too.many.requests.error. No SMS step.',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request) => login.adminLogin(request.body, request.ip),
  );

  app.post(
    '/admin/oauth/access_token',
    {
      // Public: the access token has expired, the refresh token is the credential.
      config: { public: true },
      preHandler: limit('session'),
      schema: {
        tags: ['admin'],
        summary: 'Refreshes an admin session (rotation as /oauth/access_token); admins only',
        description:
          '401 session.invalid.error for an unknown, expired, revoked or non-admin token.',
        body: RefreshTokenBodySchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request) => sessions.refresh(request.body.refresh_token, 'admin'),
  );
};

export default adminAuthRoutes;
