import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnnonceIdParamsSchema,
  ConfirmFoundLinkBodySchema,
  DeclareFoundBodySchema,
  FoundLinkQuerySchema,
  FoundOptionsSchema,
  FoundResultSchema,
  ROLES,
} from '@app/domain';
import type { AnnonceFoundService } from './annonce-found.service';

/**
 * "Véhicule retrouvé" (issue 19): closing from the app (signed in, owner only) and from the
 * signed link of the owner's mails (no session: the token is the proof, see
 * lib/annonce-action-links.ts).
 */
const annonceFoundRoutes: FastifyPluginAsyncZod<{ found: AnnonceFoundService }> = async (
  app,
  { found },
) => {
  const tags = ['annonces'];
  const anyRole = app.requireRoles(ROLES);

  app.get(
    '/annonce/foundOptions/:annonceId',
    {
      onRequest: anyRole,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'What closing my announcement as found offers (open match reports, dates only)',
        params: AnnonceIdParamsSchema,
        response: { 200: FoundOptionsSchema },
      },
    },
    async (request) => found.options(request.currentUser!, request.params.annonceId),
  );

  app.post(
    '/annonce/declareFound',
    {
      onRequest: anyRole,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Close my announcement: the vehicle was found (by a watcher, the police or me)',
        body: DeclareFoundBodySchema,
        response: { 200: FoundResultSchema },
      },
    },
    async (request) => {
      const { annonceId, ...choice } = request.body;
      return found.declare(request.currentUser!, annonceId, choice);
    },
  );

  app.get(
    '/annonce/foundLink',
    {
      // Public: the mail's signed token (one announcement, one action, an expiry) is the proof.
      config: { public: true },
      schema: {
        tags,
        summary: 'The closing screen reached from a mail link, without signing in',
        querystring: FoundLinkQuerySchema,
        response: { 200: FoundOptionsSchema },
      },
    },
    async (request) => found.linkOptions(request.query.token),
  );

  app.post(
    '/annonce/foundLink',
    {
      // Public: same token as above; closing twice answers alreadyFound and changes nothing.
      config: { public: true },
      schema: {
        tags,
        summary: 'Close the announcement as found from a mail link, without signing in',
        body: ConfirmFoundLinkBodySchema,
        response: { 200: FoundResultSchema },
      },
    },
    async (request) => {
      const { token, ...choice } = request.body;
      return found.confirmLink(token, choice);
    },
  );
};

export default annonceFoundRoutes;
