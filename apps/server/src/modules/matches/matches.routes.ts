import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GetMatchResultBodySchema,
  INDIVIDUAL_ROLES,
  MatchAnnonceParamsSchema,
  MatchResultSchema,
  MatchShowSchema,
  preferredLocale,
  ROLES,
  SaveMatchResponseSchema,
  UserInfoMatchesSchema,
} from '@app/domain';
import type { MatchCheckService } from './match-check.service';
import { readMatchForm } from './match-files';
import type { MatchListsService } from './match-lists.service';
import type { MatchReportService } from './match-report.service';

export interface MatchServices {
  check: MatchCheckService;
  report: MatchReportService;
  lists: MatchListsService;
}

/**
 * The match calls of docs/product/discovery.md §7, paths as the spec has them, plus MatchShow's. Checks and
 * lists are open to every signed-in role; sending a report (verify match) to individual roles only.
 */
const matchesRoutes: FastifyPluginAsyncZod<{
  services: MatchServices;
  checkLimits: preHandlerAsyncHookHandler[];
}> = async (app, { services, checkLimits }) => {
  const common = { tags: ['matches'], security: [{ bearerAuth: [] }] };
  const userOf = (request: FastifyRequest) => request.currentUser!;
  const locale = (request: FastifyRequest) => preferredLocale(request.headers['accept-language']);

  app.post(
    '/scannedIdentifier/getMatchResult',
    {
      onRequest: app.requireRoles(ROLES),
      preHandler: checkLimits,
      schema: {
        ...common,
        summary: 'Check a vehicle identifier against the announcements being looked for',
        description:
          'form: scannedIdentifier (JSON: licensePlate | vin | bicycode | serialNumber | ' +
          'windowEngraving, identifierType, annonceId, latitude, longitude, isOcr, ' +
          'isVocalCommand, isText). Success when annonceId is set; a close match (OCR/typing ' +
          'confusion) sets closeMatchAnnonceId instead. 403 identity.required.error ' +
          '(invalidField identity), 403 match.own.annonce.error, 403 on the identifier field ' +
          'when malformed, 429 match.too.many.checks.error (per account, or too many misses on one ' +
          'masked prefix), 429 too.many.requests.error (per address or X-Device-Id).',
        body: GetMatchResultBodySchema,
        response: { 200: MatchResultSchema },
      },
    },
    async (request) =>
      services.check.getMatchResult(userOf(request), request.body.scannedIdentifier),
  );

  app.post(
    '/matchAnnonce/saveMatchAnnonceGrandPublic',
    {
      onRequest: app.requireRoles(INDIVIDUAL_ROLES),
      schema: {
        ...common,
        summary: 'Send a match report (sighting) with photos',
        description:
          'multipart/form-data: match (JSON: address {address, latitude, longitude, departement}, ' +
          'vehicleType, brand, model, modelFinish, vin, color, energy, description), ' +
          'scannedIdentifier (JSON, annonceId required), nbImagesVehicle, imagesVehicle[i] ' +
          '(png or jpeg, 10 MB, 1 to 10). 403 names the invalid field.',
        consumes: ['multipart/form-data'],
        response: { 200: SaveMatchResponseSchema },
      },
    },
    async (request) => services.report.save(userOf(request), await readMatchForm(request)),
  );

  app.get(
    '/user/getUserInfoMatches',
    {
      onRequest: app.requireRoles(ROLES),
      schema: {
        ...common,
        summary: 'My matches: current, validated (vehicle returned) and refused',
        response: { 200: UserInfoMatchesSchema },
      },
    },
    async (request) => services.lists.myMatches(userOf(request), locale(request)),
  );

  app.get(
    '/matchAnnonce/getMyMatchForAnnonce/:annonceId',
    {
      onRequest: app.requireRoles(ROLES),
      schema: {
        ...common,
        summary: 'MatchShow: my reports on one announcement, with my photos',
        params: MatchAnnonceParamsSchema,
        response: { 200: MatchShowSchema },
      },
    },
    async (request) =>
      services.lists.matchOfAnnonce(userOf(request), request.params.annonceId, locale(request)),
  );
};

export default matchesRoutes;
