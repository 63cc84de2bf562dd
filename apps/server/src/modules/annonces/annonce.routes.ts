import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddAnnonceDocumentsResponseSchema,
  AnnonceCardListSchema,
  AnnonceDetailSchema,
  AnnonceIdParamsSchema,
  AskToDeleteResponseSchema,
  DeleteIdParamsSchema,
  INDIVIDUAL_ROLES,
  MyAnnoncesResponseSchema,
  PublishAnnoncesBodySchema,
  ROLES,
  SaveAnnonceResponseSchema,
  UpdateFavorisBodySchema,
  UpdateFavorisResponseSchema,
} from '@app/domain';
import { readAnnonceForm } from './annonce-files';
import type { AnnonceDeleteService } from './annonce-delete.service';
import type { AnnonceDocumentsService } from './annonce-documents.service';
import type { AnnonceDetailService } from './annonce-detail.service';
import type { AnnoncePublishService } from './annonce-publish.service';
import type { AnnonceQueriesService } from './annonce-queries.service';
import type { AnnonceSaveService } from './annonce-save.service';
import type { FavouritesService } from './favourites.service';

export interface AnnonceServices {
  save: AnnonceSaveService;
  publish: AnnoncePublishService;
  queries: AnnonceQueriesService;
  favourites: FavouritesService;
  detail: AnnonceDetailService;
  deletion: AnnonceDeleteService;
  documents: AnnonceDocumentsService;
}

const SAVE_DESCRIPTION =
  'multipart/form-data: annonce (JSON of the wizard fields), annonceId, isDraft, isFastAnnonce, ' +
  'currentStep, identityRecto|identityRectoId, identityVerso|identityVersoId, ' +
  'carteGriseFile|carteGriseFileId, plainteFile|plainteFileId, assuranceFile|assuranceFileId, ' +
  'nbImagesVehicle, additionnalRewardLevel, additionnalRewardAmount, forceDraft, imagesVehicle[i], ' +
  'imagesVehicleId[i], imagesVehicleIds, needsReminderNotification. 403 names the wizard field ' +
  '(invalidField) with a message key.';

/**
 * The announcement calls of docs/product/annonces.md §7, paths as the spec has them. Open to the five roles,
 * except "my announcements" (individual roles). Every service checks ownership first.
 */
const annonceRoutes: FastifyPluginAsyncZod<{ services: AnnonceServices }> = async (
  app,
  { services },
) => {
  const common = { tags: ['annonces'], security: [{ bearerAuth: [] }] };
  const anyRole = app.requireRoles(ROLES);
  const userOf = (request: FastifyRequest) => request.currentUser!;

  for (const [url, mode] of [
    ['/annonce/saveAnnonceGrandPublic', 'save'],
    ['/annonce/checkStepBeforeSave', 'checkStep'],
  ] as const) {
    app.post(
      url,
      {
        onRequest: anyRole,
        schema: {
          ...common,
          summary:
            mode === 'save'
              ? 'Save the announcement being created or edited (draft or not)'
              : 'Check the steps up to currentStep, then save the draft',
          description: SAVE_DESCRIPTION,
          consumes: ['multipart/form-data'],
          response: { 200: SaveAnnonceResponseSchema },
        },
      },
      async (request) => services.save.save(userOf(request), await readAnnonceForm(request), mode),
    );
  }

  app.post(
    '/annonce/addDocuments/:annonceId',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'Add the missing papers to one of my published announcements',
        description:
          'multipart/form-data: carteGriseFile (licensed vehicles), plainteFile, assuranceFile, ' +
          'the same parts as the wizard save. Only while the completion deadline runs, whatever ' +
          'the status; the announcement stays online and the papers go to the back office to be ' +
          'checked. 403 annonce.documents.not.expected.error once complete or too late; 404 for ' +
          "someone else's draft or announcement in validation, 403 for someone else's published one.",
        consumes: ['multipart/form-data'],
        params: AnnonceIdParamsSchema,
        response: { 200: AddAnnonceDocumentsResponseSchema },
      },
    },
    async (request) =>
      services.documents.addDocuments(
        userOf(request),
        request.params.annonceId,
        await readAnnonceForm(request),
      ),
  );

  app.post(
    '/annonce/publishAnnonceGP',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'Publish the basket: every announcement goes to validation, or none',
        description:
          '403 identity.required.error (invalidField identity) when no identity was submitted; ' +
          '403 annonce.publish.incomplete.error naming a missing field.',
        body: PublishAnnoncesBodySchema,
        response: { 200: z.literal(true) },
      },
    },
    async (request) =>
      services.publish.publish(userOf(request), request.body.annonceIds, {
        needsReminderNotification: request.body.needsReminderNotification,
      }),
  );

  app.get(
    '/annonce/getMyAnnonce',
    {
      onRequest: app.requireRoles(INDIVIDUAL_ROLES),
      schema: {
        ...common,
        summary: 'My announcements: drafts (and refused), in validation, validated',
        response: { 200: MyAnnoncesResponseSchema },
      },
    },
    async (request) => services.queries.myAnnonces(userOf(request)),
  );

  app.get(
    '/annonce/getMyDraftAnnonceReadyToPublish',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'My drafts that can be published as they are',
        response: { 200: AnnonceCardListSchema },
      },
    },
    async (request) => services.queries.draftsReadyToPublish(userOf(request)),
  );

  app.post(
    '/annonce/updateFavoris',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'Toggle the favourite heart of an announcement',
        body: UpdateFavorisBodySchema,
        response: { 200: UpdateFavorisResponseSchema },
      },
    },
    async (request) => services.favourites.toggle(userOf(request), request.body.annonceId),
  );

  app.get(
    '/annonce/getMyFavorites',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'My favourite announcements',
        response: { 200: AnnonceCardListSchema },
      },
    },
    async (request) => services.queries.myFavourites(userOf(request)),
  );

  app.delete(
    '/annonce/deleteForUser/:id',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'Delete one of my drafts, with its files',
        params: DeleteIdParamsSchema,
        response: { 200: z.literal(true) },
      },
    },
    async (request) => services.deletion.deleteDraft(userOf(request), request.params.id),
  );

  app.delete(
    '/annonce/askToDeleteAnnonceGrandPublic/:id',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'Ask an admin to delete one of my published announcements',
        params: DeleteIdParamsSchema,
        response: { 200: AskToDeleteResponseSchema },
      },
    },
    async (request) => services.deletion.askToDelete(userOf(request), request.params.id),
  );

  app.get(
    '/annonce/:annonceId',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'One announcement; drafts and announcements in validation only for their owner',
        params: AnnonceIdParamsSchema,
        response: { 200: AnnonceDetailSchema },
      },
    },
    async (request) => services.detail.show(userOf(request), request.params.annonceId),
  );
};

export default annonceRoutes;
