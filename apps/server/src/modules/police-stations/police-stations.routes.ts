import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PoliceStationBoundsQuerySchema, PoliceStationListSchema } from '@app/domain';
import type { PoliceStationsService } from './police-stations.service';

/** GET /policeStation/getAllPoliceStationInsideBounds?neLat&neLng&swLat&swLng (docs/product/discovery.md §7). */
const policeStationsRoutes: FastifyPluginAsyncZod<{ service: PoliceStationsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/policeStation/getAllPoliceStationInsideBounds',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['police-stations'],
        security: [{ bearerAuth: [] }],
        querystring: PoliceStationBoundsQuerySchema,
        response: { 200: PoliceStationListSchema },
      },
    },
    async (request) => service.insideBounds(request.query),
  );
};

export default policeStationsRoutes;
