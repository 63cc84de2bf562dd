import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckResetPasswordTokenResponseSchema,
  MailSentResponseSchema,
  ResetPasswordBodySchema,
  ResetPasswordResponseSchema,
  ResetTokenBodySchema,
  SendResetPasswordMailBodySchema,
} from '@app/domain';
import { accountFromBody, type RateLimit } from '../auth/index';
import type { PasswordResetService } from './password-reset.service';

const TOKEN_ERRORS_DOC =
  '403 with invalidField token: reset.token.expired.error (older than one hour: "Expired session") ' +
  'or reset.token.invalid.error (unknown or already used).';

const passwordResetRoutes: FastifyPluginAsyncZod<{
  service: PasswordResetService;
  limit: RateLimit;
}> = async (app, { service, limit }) => {
  app.post(
    '/forgotPassword/sendResetPasswordMail',
    {
      // Public: called before the user has a session (sign-up, sign-in, recovery).
      config: { public: true },
      preHandler: limit('passwordReset', accountFromBody('username')),
      schema: {
        tags: ['accounts'],
        summary: 'Mails a one-hour, single-use reset link when the address has an account',
        description:
          'Always { sent: true } for a well-formed address (no enumeration); 400 otherwise.',
        body: SendResetPasswordMailBodySchema,
        response: { 200: MailSentResponseSchema },
      },
    },
    async (request) => service.sendMail(request.body.username),
  );

  const tokenLimit = limit('passwordReset', accountFromBody('userId'));
  app.post(
    '/forgotPassword/checkResetPasswordToken',
    {
      // Public: called before the user has a session (sign-up, sign-in, recovery).
      config: { public: true },
      preHandler: tokenLimit,
      schema: {
        tags: ['accounts'],
        summary: 'Says whether a reset link still works, and for which e-mail',
        description: TOKEN_ERRORS_DOC,
        body: ResetTokenBodySchema,
        response: { 200: CheckResetPasswordTokenResponseSchema },
      },
    },
    async (request) => service.checkToken(request.body.token, request.body.userId),
  );

  app.post(
    '/forgotPassword/resetPassword',
    {
      // Public: called before the user has a session (sign-up, sign-in, recovery).
      config: { public: true },
      preHandler: tokenLimit,
      schema: {
        tags: ['accounts'],
        summary: 'Sets a new password with a reset link; every session of the account ends',
        description:
          `${TOKEN_ERRORS_DOC} 403 with invalidField newPassword: field.required.error, ` +
          'password.weak.error, password.too.long.error (the link stays usable).',
        body: ResetPasswordBodySchema,
        response: { 200: ResetPasswordResponseSchema },
      },
    },
    async (request) =>
      service.resetPassword(request.body.token, request.body.userId, request.body.newPassword),
  );
};

export default passwordResetRoutes;
