import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EnvironmentLinksSchema,
  EnvironmentNameSchema,
  OptionListSchema,
  preferredLocale,
} from '@app/domain';
import { revalidated } from '../../lib/revalidation';
import type { ReferenceService } from './reference.service';

/**
 * The reference calls of docs/product/accounts.md §7 and docs/product/discovery.md §7. The sign-up form and the environment
 * badge need them before login, so all are public except the feedback types (support form).
 * Labels follow Accept-Language (French unless English is preferred).
 */
const referenceRoutes: FastifyPluginAsyncZod<{ service: ReferenceService }> = async (
  app,
  { service },
) => {
  // The lists the sign-up form and the environment badge need before anyone is signed in are public.
  const publicList = { tags: ['reference'], response: { 200: OptionListSchema } };

  app.get(
    '/apiMobile/getColors',
    { config: { public: true }, schema: publicList },
    async (request, reply) =>
      revalidated(
        request,
        reply,
        await service.colors(preferredLocale(request.headers['accept-language'])),
        { varyOnLanguage: true },
      ),
  );

  app.get(
    '/apiMobile/getEnergies',
    { config: { public: true }, schema: publicList },
    async (request, reply) =>
      revalidated(
        request,
        reply,
        await service.energies(preferredLocale(request.headers['accept-language'])),
        { varyOnLanguage: true },
      ),
  );

  app.get(
    '/apiMobile/getAllDepartments',
    { config: { public: true }, schema: publicList },
    async (request, reply) => revalidated(request, reply, await service.departments()),
  );

  app.get(
    '/apiMobile/getAllProfessions',
    { config: { public: true }, schema: publicList },
    async (request, reply) =>
      revalidated(
        request,
        reply,
        await service.professions(preferredLocale(request.headers['accept-language'])),
        { varyOnLanguage: true },
      ),
  );

  app.get(
    '/home/getEnvironmentLinks',
    {
      config: { public: true },
      schema: { tags: ['reference'], response: { 200: EnvironmentLinksSchema } },
    },
    async () => service.environmentLinks(),
  );

  app.get(
    '/home/getEnvironmentName',
    {
      config: { public: true },
      schema: { tags: ['reference'], response: { 200: EnvironmentNameSchema } },
    },
    // A JSON string ("development"), not plain text: the client parses every answer as JSON.
    async (_request, reply) =>
      reply.type('application/json').send(JSON.stringify(service.environmentName())),
  );

  app.get(
    '/user/fetchFeedbackTypes',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reference'],
        security: [{ bearerAuth: [] }],
        response: { 200: OptionListSchema },
      },
    },
    async (request) => service.feedbackTypes(preferredLocale(request.headers['accept-language'])),
  );
};

export default referenceRoutes;
