import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MailSentResponseSchema,
  NeedValidateCodeResponseSchema,
  UsernameBodySchema,
  ValidateAccountCodeBodySchema,
  ValidateAccountCodeResponseSchema,
} from '@app/domain';
import { accountFromBody, type RateLimit } from '../auth/index';
import type { AccountValidationService } from './account-validation.service';

const accountValidationRoutes: FastifyPluginAsyncZod<{
  service: AccountValidationService;
  limit: RateLimit;
}> = async (app, { service, limit }) => {
  const codeLimit = limit('code', accountFromBody('username'));
  const resendLimit = limit('resend', accountFromBody('username'));

  app.post(
    '/authentication/validateAccountCode',
    {
      // Public: called before the user has a session (sign-up, sign-in, recovery).
      config: { public: true },
      preHandler: codeLimit,
      schema: {
        tags: ['accounts'],
        summary: 'Validates the account with the mailed 4-digit code',
        description:
          '403 with invalidField code: ValidateAccount.error (wrong code, or nothing to validate), ' +
          'code.format.error, Code.maxAttempts (3rd wrong code: a new code was mailed), ' +
          'code.expired.error (a new code was mailed).',
        body: ValidateAccountCodeBodySchema,
        response: { 200: ValidateAccountCodeResponseSchema },
      },
    },
    async (request) => service.validate(request.body.username, request.body.code),
  );

  app.post(
    '/authentication/needValidateCode',
    {
      // Public: called before the user has a session (sign-up, sign-in, recovery).
      config: { public: true },
      preHandler: codeLimit,
      schema: {
        tags: ['accounts'],
        summary: 'Whether this e-mail has an account still waiting for its validation code',
        body: UsernameBodySchema,
        response: { 200: NeedValidateCodeResponseSchema },
      },
    },
    async (request) => service.needsValidation(request.body.username),
  );

  // Two paths for the same action: the code screen's "resend" and the login screen's link after
  // account.not.validated.error (docs/product/accounts.md §7, §8). Both mail a new code with a link to the screen.
  for (const path of [
    '/authentication/resendValidateAccountMailCode',
    '/authentication/resendValidateAccountMail',
  ]) {
    app.post(
      path,
      {
        // Public: called before the user has a session (sign-up, sign-in, recovery).
        config: { public: true },
        preHandler: resendLimit,
        schema: {
          tags: ['accounts'],
          summary: 'Mails a new validation code (the previous one stops working)',
          description:
            'Always { sent: true }, whether or not a mail was due (no enumeration). Then show email.resent.',
          body: UsernameBodySchema,
          response: { 200: MailSentResponseSchema },
        },
      },
      async (request) => service.resend(request.body.username),
    );
  }
};

export default accountValidationRoutes;
