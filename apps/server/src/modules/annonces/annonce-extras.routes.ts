import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnnonceIdParamsSchema,
  PoliceReportBodySchema,
  PoliceReportSchema,
  ROLES,
} from '@app/domain';
import type { AnnonceFlyerService } from './annonce-flyer';
import type { PoliceReportService } from './annonce-police-report';

/**
 * Beyond the spec (issue 19): the printable flyer and the owner's police report number. Their own
 * plugin, next to the spec's announcement calls (annonce.routes.ts).
 */
const annonceExtrasRoutes: FastifyPluginAsyncZod<{
  flyer: AnnonceFlyerService;
  policeReport: PoliceReportService;
}> = async (app, { flyer, policeReport }) => {
  const common = { tags: ['annonces'], security: [{ bearerAuth: [] }] };
  const anyRole = app.requireRoles(ROLES);

  app.get(
    '/annonce/:annonceId/flyer.pdf',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary:
          'The A4 flyer (PDF, French) of a VALIDATED announcement: for its owner and anyone signed ' +
          'in. 403 annonce.flyer.notOnline to the owner while it is not VALIDATED; 404 to others.',
        params: AnnonceIdParamsSchema,
      },
    },
    async (request, reply) => {
      const { annonceId } = request.params;
      const pdf = await flyer.flyer(request.currentUser!, annonceId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="veilleurs-affiche-${annonceId}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/annonce/policeReport/:annonceId',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'The police report number of my announcement (owner only)',
        params: AnnonceIdParamsSchema,
        response: { 200: PoliceReportSchema },
      },
    },
    async (request) => policeReport.get(request.currentUser!, request.params.annonceId),
  );

  app.post(
    '/annonce/policeReport',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary:
          'Keep (or clear, with null or blank) the police report number of my announcement. ' +
          '400 invalidField policeReportNumber: annonce.policeReportNumber.invalidFeedBack.',
        body: PoliceReportBodySchema,
        response: { 200: PoliceReportSchema },
      },
    },
    async (request) =>
      policeReport.set(
        request.currentUser!,
        request.body.annonceId,
        request.body.policeReportNumber,
      ),
  );
};

export default annonceExtrasRoutes;
