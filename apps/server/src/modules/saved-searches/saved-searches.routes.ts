import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckExistingSavedSearchBodySchema,
  CheckExistingSavedSearchResponseSchema,
  CreateSavedSearchBodySchema,
  DeletedSchema,
  INDIVIDUAL_ROLES,
  normalizeCriteria,
  preferredLocale,
  SavedSearchCreatedSchema,
  SavedSearchIdParamsSchema,
  SavedSearchListSchema,
} from '@app/domain';
import type { SavedSearchesService } from './saved-searches.service';

/** Saved searches (alerts), docs/product/discovery.md §7: individual roles only (§6). */
const savedSearchesRoutes: FastifyPluginAsyncZod<{ service: SavedSearchesService }> = async (
  app,
  { service },
) => {
  const common = { tags: ['saved-searches'], security: [{ bearerAuth: [] }] };
  const onRequest = app.requireRoles(INDIVIDUAL_ROLES);
  const owner = (request: FastifyRequest) => ({ userId: request.currentUser!.userId });

  app.post(
    '/savedSearch',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Saves the current filters as an alert',
        description:
          'Name required (403 on name, saved.search.invalidFeedBack); at least one criterion (403 on ' +
          'name, saved.search.noCriterion); at most 20 alerts (saved.search.tooMany). The same ' +
          'criteria saved again answer the existing alert.',
        body: CreateSavedSearchBodySchema,
        response: { 200: SavedSearchCreatedSchema },
      },
    },
    async (request) => {
      const { name, address, researchSorting, ...fields } = request.body;
      return service.create(owner(request), {
        name,
        address,
        researchSorting,
        criteria: normalizeCriteria(fields),
      });
    },
  );

  app.post(
    '/savedSearch/checkExisting',
    {
      onRequest,
      schema: {
        ...common,
        summary: "The caller's alert with exactly these filters, if any",
        body: CheckExistingSavedSearchBodySchema,
        response: { 200: CheckExistingSavedSearchResponseSchema },
      },
    },
    async (request) => service.checkExisting(owner(request), request.body),
  );

  app.get(
    '/savedSearch/getMyAlerts',
    {
      onRequest,
      schema: {
        ...common,
        summary: "The caller's alerts, oldest first, each with a summary of its filters",
        response: { 200: SavedSearchListSchema },
      },
    },
    async (request) =>
      service.myAlerts(owner(request), preferredLocale(request.headers['accept-language'])),
  );

  app.delete(
    '/savedSearch/:id',
    {
      onRequest,
      schema: {
        ...common,
        summary: "Deletes one of the caller's alerts (404 for any other id)",
        params: SavedSearchIdParamsSchema,
        response: { 200: DeletedSchema },
      },
    },
    async (request) => service.remove(owner(request), request.params.id),
  );
};

export default savedSearchesRoutes;
