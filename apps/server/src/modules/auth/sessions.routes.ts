import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginResponseSchema, LogoutBodySchema, RefreshTokenBodySchema } from '@app/domain';
import type { RateLimit } from './rate-limits';
import type { Sessions } from './sessions.service';

/** Token refresh with rotation, and logout (revokes the refresh token's family). */
const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: Sessions; limit: RateLimit }> = async (
  app,
  { sessions, limit },
) => {
  const rateLimited = limit('session');

  app.post(
    '/oauth/access_token',
    {
      // Public: called before the user has a session (sign-up, sign-in, recovery).
      config: { public: true },
      preHandler: rateLimited,
      schema: {
        tags: ['auth'],
        summary: 'Exchanges a refresh token for a new access token and a new refresh token',
        description:
          'Form grant_type=refresh_token&refresh_token=…. The presented token stops working. 401 ' +
          'session.invalid.error for an unknown, expired or revoked token; presenting an already ' +
          'exchanged token revokes every token of that login.',
        body: RefreshTokenBodySchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request) => sessions.refresh(request.body.refresh_token),
  );

  app.post(
    '/authentication/logout',
    {
      // Public: called before the user has a session (sign-up, sign-in, recovery).
      config: { public: true },
      preHandler: rateLimited,
      schema: {
        tags: ['auth'],
        summary:
          'Ends the session of the refresh token, and of the bearer token when one is sent; always 204',
        body: LogoutBodySchema,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (request, reply) => {
      await sessions.logout(request.body.refresh_token);
      // The access token's session ends too, even when the client lost its refresh token.
      const header = request.headers.authorization;
      const claims = header?.startsWith('Bearer ')
        ? await app.accessTokens.verify(header.slice('Bearer '.length).trim())
        : null;
      if (claims?.sessionId && !claims.impersonatorId) {
        await sessions.logoutSession(claims.userId, claims.sessionId);
      }
      return reply.code(204).send(null);
    },
  );
};

export default sessionsRoutes;
