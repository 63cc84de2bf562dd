import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GeoAutocompleteQuerySchema,
  GeoPlaceListSchema,
  GeoReverseQuerySchema,
  GeoSearchQuerySchema,
} from '@app/domain';
import type { GeoService } from './geo.service';

/** GET /geo/autocomplete, /geo/search, /geo/reverse: lists of places, for signed-in users. */
const geoRoutes: FastifyPluginAsyncZod<{ service: GeoService }> = async (app, { service }) => {
  app.get(
    '/geo/autocomplete',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['geo'],
        security: [{ bearerAuth: [] }],
        querystring: GeoAutocompleteQuerySchema,
        response: { 200: GeoPlaceListSchema },
      },
    },
    async (request) => service.autocomplete(request.query.q, request.query.limit),
  );

  app.get(
    '/geo/search',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['geo'],
        security: [{ bearerAuth: [] }],
        querystring: GeoSearchQuerySchema,
        response: { 200: GeoPlaceListSchema },
      },
    },
    async (request) => service.search(request.query.q),
  );

  app.get(
    '/geo/reverse',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['geo'],
        security: [{ bearerAuth: [] }],
        querystring: GeoReverseQuerySchema,
        response: { 200: GeoPlaceListSchema },
      },
    },
    async (request) => service.reverse(request.query.lat, request.query.lng),
  );
};

export default geoRoutes;
