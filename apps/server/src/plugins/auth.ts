import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasAnyRole, type Role } from '@app/domain';
import type { AccessTokenClaims, AccessTokens } from '../lib/access-tokens';
import { AppError } from '../lib/app-error';
import type { SessionRevocations } from '../modules/auth/index';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** Which sessions ended since their tokens were signed (docs/security.md). */
    sessionRevocations: SessionRevocations;
    /** preHandler: the request must carry a valid bearer access token. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: authenticated and holding at least one of the roles. */
    requireRoles(roles: readonly Role[]): preHandlerAsyncHookHandler;
    /** True for `authenticate` and every hook made by `requireRoles`. */
    isAccessHook(hook: unknown): boolean;
    /** Every route that needs a session, as checked at start-up (the access test walks them). */
    protectedRoutes: { methods: string[]; url: string }[];
  }
  interface FastifyContextConfig {
    /** Marks a route anyone may call (login, sign-up, public reference lists); see `requireAccessRule`. */
    public?: boolean;
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
  async function authPlugin(
    app: FastifyInstance,
    options: { accessTokens: AccessTokens; revocations: SessionRevocations },
  ) {
    const { revocations } = options;
    app.decorate('accessTokens', options.accessTokens);
    app.decorate('sessionRevocations', revocations);
    app.decorateRequest('currentUser', null);

    async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      const claims = token ? await options.accessTokens.verify(token) : null;
      if (!claims) throw new AppError('UNAUTHENTICATED');
      // A signature is not enough: the session may have ended (logout, lock, new password).
      const revoked = revocations.isRevoked(claims);
      if (revoked === true || (revoked !== false && (await revoked))) {
        throw new AppError('UNAUTHENTICATED');
      }
      request.currentUser = claims;
    }

    const accessHooks = new WeakSet<object>([authenticate]);
    app.decorate('authenticate', authenticate);
    app.decorate('requireRoles', (roles: readonly Role[]) => {
      const requireRoles = async function requireRoles(
        request: FastifyRequest,
        reply: FastifyReply,
      ) {
        await authenticate(request, reply);
        if (!hasAnyRole(request.currentUser?.roles ?? [], roles)) throw new AppError('FORBIDDEN');
      };
      accessHooks.add(requireRoles);
      return requireRoles;
    });
    app.decorate('protectedRoutes', [] as { methods: string[]; url: string }[]);
    app.decorate(
      'isAccessHook',
      (hook: unknown) => typeof hook === 'function' && accessHooks.has(hook),
    );
  },
  { name: 'auth', dependencies: ['error-handler'] },
);

/**
 * An onRoute hook for the feature modules: every route must say who may call it, either with
 * `onRequest: app.authenticate` / `app.requireRoles([...])` (onRequest, so that an anonymous caller
 * gets 401 before its body is even validated) or with `config: { public: true }`. A route with
 * neither makes the app refuse to start, so forgetting the check cannot ship.
 */
export function requireAccessRule(app: FastifyInstance) {
  return (route: RouteOptions) => {
    if ((route.config as { public?: boolean } | undefined)?.public === true) return;
    const onRequest = [route.onRequest].flat();
    if (onRequest.some((hook) => app.isAccessHook(hook))) {
      app.protectedRoutes.push({ methods: [route.method].flat(), url: route.url });
      return;
    }
    const methods = [route.method].flat().join(',');
    throw new Error(
      `${methods} ${route.url} declares no access rule: add onRequest: app.authenticate (or ` +
        'app.requireRoles([...])), or config: { public: true } with a comment saying why',
    );
  };
}
