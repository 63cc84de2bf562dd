import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CurrentUserValidationSchema,
  INDIVIDUAL_ROLES,
  SendIdentityResponseSchema,
} from '@app/domain';
import { readDocumentForm } from './documents.service';
import { IDENTITY_FILE_FIELDS, type IdentityService } from './identity.service';

const identityRoutes: FastifyPluginAsyncZod<{ service: IdentityService }> = async (
  app,
  { service },
) => {
  app.get(
    '/user/getCurrentUserValidation',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: 'Whether the identity must still be sent (not submitted or refused)',
        response: { 200: CurrentUserValidationSchema },
      },
    },
    async (request) => service.currentUserValidation(request.currentUser!.userId),
  );

  app.post(
    '/user/sendIdentity',
    {
      onRequest: app.requireRoles(INDIVIDUAL_ROLES),
      schema: {
        tags: ['identity'],
        summary:
          'Send both sides of the identity document (multipart: identityRectoFile, identityVersoFile)',
        description:
          'png, jpeg or pdf by content, 10 MB each. 403 with invalidField recto or verso when a side ' +
          'is missing or not accepted; 413 with invalidField when too large.',
        response: { 200: SendIdentityResponseSchema },
      },
    },
    async (request) => {
      const { files } = await readDocumentForm(request, IDENTITY_FILE_FIELDS);
      return service.sendIdentity(request.currentUser!.userId, files);
    },
  );
};

export default identityRoutes;
