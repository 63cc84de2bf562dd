import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ArchiveLinkResponseSchema,
  ArchiveQuerySchema,
  EraseAccountBodySchema,
  EraseAccountResponseSchema,
  INDIVIDUAL_ROLES,
  ROLES,
} from '@app/domain';
import type { LoginThrottle } from '../auth/index';
import type { PersonalDataService } from './personal-data.service';

/** Personal data, self-service (issue 19): archive link, archive download, erasure. */
const personalDataRoutes: FastifyPluginAsyncZod<{
  service: PersonalDataService;
  throttle: LoginThrottle;
}> = async (app, { service, throttle }) => {
  const tags = ['profile'];

  app.post(
    '/user/personalData/archiveLink',
    {
      onRequest: app.requireRoles(ROLES),
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'A 5-minute signed link to download everything the product holds about me (zip)',
        response: { 200: ArchiveLinkResponseSchema },
      },
    },
    async (request) => service.archiveLink(request.currentUser!),
  );

  app.get(
    '/user/personalData/archive',
    {
      // Public: a download cannot carry the bearer token; the 5-minute link signed for this
      // account (asked for with the token) is the proof.
      config: { public: true },
      schema: {
        tags,
        summary: 'The personal-data archive (zip), streamed',
        querystring: ArchiveQuerySchema,
      },
    },
    async (request, reply) => {
      const stream = await service.archive(request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="veilleurs-mes-donnees-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    '/user/eraseAccount',
    {
      onRequest: app.requireRoles(INDIVIDUAL_ROLES),
      // The password is a secret like the login's: guesses wait as they do there.
      preHandler: throttle.guardSignedIn,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Erase my account now, confirmed by my password; a confirmation mail follows',
        body: EraseAccountBodySchema,
        response: { 200: EraseAccountResponseSchema },
      },
    },
    async (request) =>
      throttle.countWrongPassword(request, 'password', () =>
        service.eraseAccount(request.currentUser!, request.body.password),
      ),
  );
};

export default personalDataRoutes;
