import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { hasAnyRole, type Role } from '@app/domain';
import type { AccessTokenClaims, AccessTokens } from '../lib/access-tokens';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** preHandler: the request must carry a valid bearer access token. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: authenticated and holding at least one of the roles. */
    requireRoles(roles: readonly Role[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; routes without it have no user. */
    currentUser: AccessTokenClaims | null;
  }
}

/**
 * Bearer-token authentication. Every route that is not public declares `preHandler:
 * app.authenticate` (or `app.requireRoles([...])`), and services take the current user as their
 * first argument so that the access check is the first thing they do.
 */
export default fp(
  async function authPlugin(app: FastifyInstance, options: { accessTokens: AccessTokens }) {
    app.decorate('accessTokens', options.accessTokens);
    app.decorateRequest('currentUser', null);

    async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      const claims = token ? await options.accessTokens.verify(token) : null;
      if (!claims) throw new AppError('UNAUTHENTICATED');
      request.currentUser = claims;
    }

    app.decorate('authenticate', authenticate);
    app.decorate('requireRoles', (roles: readonly Role[]) => {
      return async function requireRoles(request: FastifyRequest, reply: FastifyReply) {
        await authenticate(request, reply);
        if (!hasAnyRole(request.currentUser?.roles ?? [], roles)) throw new AppError('FORBIDDEN');
      };
    });
  },
  { name: 'auth', dependencies: ['error-handler'] },
);
