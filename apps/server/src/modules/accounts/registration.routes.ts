import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckStepResponseSchema,
  IsEmailValidBodySchema,
  IsEmailValidResponseSchema,
  SignUpFormBodySchema,
  SignUpResponseSchema,
} from '@app/domain';
import { accountFromBody, type RateLimit } from '../auth/index';
import type { RegistrationService, SignUpStep } from './registration.service';

const FIELD_ERRORS_DOC =
  '403 { code: FIELD_INVALID, invalidField, messageKey }: the message goes under that field ' +
  '(messageKey from ACCOUNT_MESSAGE_KEYS). 468 login.professional.error with proSiteUrl when the ' +
  'profile is professional.';

const STEP_FIELDS: Record<SignUpStep, string> = {
  1: 'username, password, profile (individual|professional), reason (AnnonceCreate|Home)',
  2: 'lastname, firstname, birthday (YYYY-MM-DD, at least 18 years old)',
  3: 'phoneNumber, countryCode (FR, RE, MQ, GF, YT), department (FR only), acceptedTerms',
};

const registrationRoutes: FastifyPluginAsyncZod<{
  service: RegistrationService;
  limit: RateLimit;
}> = async (app, { service, limit }) => {
  app.post(
    '/apiMobile/isEmailValid',
    {
      // Public: called before the user has a session (sign-up, sign-in, recovery).
      config: { public: true },
      preHandler: limit('emailPrecheck', accountFromBody('email')),
      schema: {
        tags: ['accounts'],
        summary: 'E-mail pre-check: true when an account exists (login), false otherwise (sign-up)',
        description:
          '467 login.email.error when the text is not an e-mail address; 468 with proSiteUrl.',
        body: IsEmailValidBodySchema,
        response: { 200: IsEmailValidResponseSchema },
      },
    },
    async (request) => service.isEmailValid(request.body.email),
  );

  const signUpLimit = limit('signUp', accountFromBody('username'));
  for (const step of [1, 2, 3] as const) {
    app.post(
      `/register/checkStep${step}Register`,
      {
        // Public: called before the user has a session (sign-up, sign-in, recovery).
        config: { public: true },
        preHandler: signUpLimit,
        schema: {
          tags: ['accounts'],
          summary: `Checks sign-up step ${step}: ${STEP_FIELDS[step]}`,
          description: `Other fields are ignored. ${FIELD_ERRORS_DOC}`,
          body: SignUpFormBodySchema,
          response: { 200: CheckStepResponseSchema },
        },
      },
      async (request) => service.checkStep(step, request.body),
    );
  }

  app.post(
    '/register/signUpPublic',
    {
      // Public: called before the user has a session (sign-up, sign-in, recovery).
      config: { public: true },
      preHandler: signUpLimit,
      schema: {
        tags: ['accounts'],
        summary: 'Creates an unconfirmed individual account and mails its 4-digit validation code',
        description: `Fields of the three steps, plus optional locale (fr|en) for the mails. ${FIELD_ERRORS_DOC}`,
        body: SignUpFormBodySchema,
        response: { 200: SignUpResponseSchema },
      },
    },
    async (request) => service.signUp(request.body),
  );
};

export default registrationRoutes;
