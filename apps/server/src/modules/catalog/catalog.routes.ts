import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CatalogItemListSchema,
  CatalogItemSchema,
  CatalogNameSchema,
  CreateCustomBrandSchema,
  CreateCustomModelFinishSchema,
  CreateCustomModelSchema,
  IdParamsSchema,
  ModelIdParamsSchema,
  ModelsQuerySchema,
  preferredLocale,
  VehicleTypeIdParamsSchema,
  VehicleTypeInfoSchema,
  VehicleTypeListSchema,
} from '@app/domain';
import { revalidated } from '../../lib/revalidation';
import type { CatalogService } from './catalog.service';

/**
 * The vehicle catalogue calls of docs/product/annonces.md §7 and docs/product/discovery.md §7: types, brands, models,
 * finishes and the user's custom items. Every call needs a signed-in user (the lists include the
 * caller's own custom items). Paths and verbs are the spec's, including POST for reads.
 */
const catalogRoutes: FastifyPluginAsyncZod<{ service: CatalogService }> = async (
  app,
  { service },
) => {
  const common = { tags: ['catalog'], security: [{ bearerAuth: [] }] };
  // onRequest rather than preHandler: an anonymous caller gets 401 before any body is parsed or
  // validated (a preHandler runs after validation, so a bad body would answer 400 first).
  const onRequest = app.authenticate;
  // Set by `authenticate`, which every route here runs on request.
  const userOf = (request: FastifyRequest) => request.currentUser!;

  app.get(
    '/vehicleType/getAllActivated',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Activated vehicle types by position, named in French or, when preferred, English',
        response: { 200: VehicleTypeListSchema },
      },
    },
    async (request, reply) =>
      revalidated(
        request,
        reply,
        await service.vehicleTypes(preferredLocale(request.headers['accept-language'])),
        { private: true, varyOnLanguage: true },
      ),
  );

  app.get(
    '/vehicleType/getInfoVehicleType/:vehicleTypeId',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'What identifies a vehicle of the type (plate, VIN, bicycode, serial, engraving)',
        params: VehicleTypeIdParamsSchema,
        response: { 200: VehicleTypeInfoSchema },
      },
    },
    async (request) => service.vehicleTypeInfo(request.params.vehicleTypeId),
  );

  app.post(
    '/brand/getAllActivatedByVehicleType/:vehicleTypeId',
    {
      onRequest,
      schema: {
        ...common,
        summary:
          "Brands offered for the type: approved ones and the caller's own custom ones, by name",
        params: VehicleTypeIdParamsSchema,
        response: { 200: CatalogItemListSchema },
      },
    },
    async (request, reply) =>
      revalidated(
        request,
        reply,
        await service.brandsForType(userOf(request), request.params.vehicleTypeId),
        { private: true },
      ),
  );

  app.post(
    '/model/getAllActivatedByVehicleTypeAndBrand',
    {
      onRequest,
      schema: {
        ...common,
        summary: "Models of the brand for the type: approved ones and the caller's own custom ones",
        body: ModelsQuerySchema,
        response: { 200: CatalogItemListSchema },
      },
    },
    async (request, reply) =>
      revalidated(request, reply, await service.models(userOf(request), request.body), {
        private: true,
      }),
  );

  app.post(
    '/modelFinish/getAllActivatedForModel/:modelId',
    {
      onRequest,
      schema: {
        ...common,
        summary: "Finishes of the model: approved ones and the caller's own custom ones",
        params: ModelIdParamsSchema,
        response: { 200: CatalogItemListSchema },
      },
    },
    async (request, reply) =>
      revalidated(request, reply, await service.finishes(userOf(request), request.params.modelId), {
        private: true,
      }),
  );

  app.get(
    '/brand/getNameById/:id',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'A brand name',
        params: IdParamsSchema,
        response: { 200: CatalogNameSchema },
      },
    },
    async (request) => service.brandName(userOf(request), request.params.id),
  );

  app.get(
    '/model/getNameById/:id',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'A model name',
        params: IdParamsSchema,
        response: { 200: CatalogNameSchema },
      },
    },
    async (request) => service.modelName(userOf(request), request.params.id),
  );

  const createDescription =
    'A name equal to an approved item (ignoring case, accents and punctuation) answers that item; ' +
    "the same name typed again by the same user answers the user's custom item. Name problems: " +
    '403 with invalidField "name".';

  app.post(
    '/brand/createCustomBrand',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Creates a custom brand for a vehicle type, seen by its creator until approved',
        description: createDescription,
        body: CreateCustomBrandSchema,
        response: { 200: CatalogItemSchema },
      },
    },
    async (request) => service.createCustomBrand(userOf(request), request.body),
  );

  app.post(
    '/model/createCustomModel',
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Creates a custom model of a brand for a vehicle type, seen by its creator until approved',
        description: createDescription,
        body: CreateCustomModelSchema,
        response: { 200: CatalogItemSchema },
      },
    },
    async (request) => service.createCustomModel(userOf(request), request.body),
  );

  app.post(
    '/modelFinish/createCustomModelFinish',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Creates a custom finish of a model, seen by its creator until approved',
        description: createDescription,
        body: CreateCustomModelFinishSchema,
        response: { 200: CatalogItemSchema },
      },
    },
    async (request) => service.createCustomFinish(userOf(request), request.body),
  );
};

export default catalogRoutes;
