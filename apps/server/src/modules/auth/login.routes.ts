import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BeforeLoginBodySchema,
  BeforeLoginResponseSchema,
  CheckSmsCodeBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
} from '@app/domain';
import type { LoginService } from './login.service';
import type { LoginThrottle } from './login-throttle';
import type { RateLimit } from './rate-limits';

const ERRORS_DOC =
  '401 login.incorrect.error (unknown e-mail or wrong password); 423 account.locked.error (locked ' +
  'by an admin); 429 with Retry-After after repeated wrong passwords from this address on this account; ' +
  '468 login.professional.error with proSiteUrl; 403 Profile.forbidden.error (admin account); ' +
  '403 account.not.validated.error (offer to resend the validation mail); 429 too.many.requests.error.';

/** The three login calls (docs/product/accounts.md §7, docs/product/founders-decisions.md "login call"). */
const loginRoutes: FastifyPluginAsyncZod<{
  service: LoginService;
  limit: RateLimit;
  throttle: LoginThrottle;
}> = async (app, { service, limit, throttle }) => {
  // Per address only: a per-account cap would let anyone lock the owner out (issue 16); the
  // account is protected by the per-client delay and the SMS-code step.
  const rateLimited = [limit('login'), throttle.guard];

  app.post(
    '/authentication/beforeLogin',
    {
      // Public: called before the user has a session (sign-up, sign-in, recovery).
      config: { public: true },
      preHandler: rateLimited,
      schema: {
        tags: ['auth'],
        summary:
          'Checks the credentials and says whether the SMS-code step is due (and sends the code)',
        description: ERRORS_DOC,
        body: BeforeLoginBodySchema,
        response: { 200: BeforeLoginResponseSchema },
      },
    },
    async (request) => service.beforeLogin(request.body, request.ip),
  );

  app.post(
    '/api/login',
    {
      // Public: called before the user has a session (sign-up, sign-in, recovery).
      config: { public: true },
      preHandler: rateLimited,
      schema: {
        tags: ['auth'],
        summary:
          'Logs in: access token (15 min) and refresh token (1 day, 30 days with rememberMe)',
        description: `${ERRORS_DOC} 403 sms.code.required.error when the SMS-code step is due.`,
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request) => service.login(request.body, request.ip),
  );

  app.post(
    '/authentication/checkSmsCode',
    {
      // Public: called before the user has a session (sign-up, sign-in, recovery).
      config: { public: true },
      preHandler: rateLimited,
      schema: {
        tags: ['auth'],
        summary: 'Logs in with the SMS code sent by beforeLogin',
        description:
          `${ERRORS_DOC} 403 with invalidField code: code.incorrect.error, code.format.error, ` +
          'Code.maxAttempts (3rd wrong code, a new one was sent), code.expired.error (a new one was sent).',
        body: CheckSmsCodeBodySchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request) => service.checkSmsCode(request.body, request.ip),
  );
};

export default loginRoutes;
