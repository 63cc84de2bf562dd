import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountDeletionResponseSchema,
  ChangePasswordBodySchema,
  CurrentUserDataSchema,
  FormBooleanSchema,
  HomeInfosSchema,
  LoginResponseSchema,
  NotificationPreferencesSchema,
  ProfileSchema,
  UpdateFirstConnexionResponseSchema,
  UpdateNotificationPreferencesBodySchema,
  UpdatePublicProfileResponseSchema,
} from '@app/domain';
import type { LoginThrottle } from '../auth/index';
import { readDocumentForm } from '../identity/index';
import { PROFILE_FILE_FIELDS, type ProfileService } from './profile.service';

const tags = ['profile'];

const profileRoutes: FastifyPluginAsyncZod<{
  service: ProfileService;
  throttle: LoginThrottle;
}> = async (app, { service, throttle }) => {
  // Every call here is about the caller's own account: any signed-in role (docs/product/accounts.md §6).
  const onRequest = app.authenticate;

  app.get(
    '/user/getProfile',
    {
      onRequest,
      schema: {
        tags,
        summary: "The caller's profile, documents as signed links, counts and lampions",
        response: { 200: ProfileSchema },
      },
    },
    async (request) => service.profile(request.currentUser!.userId),
  );

  app.get(
    '/user/currentUserData',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Names, country and payment-customer id (the payment menu entry)',
        response: { 200: CurrentUserDataSchema },
      },
    },
    async (request) => service.currentUserData(request.currentUser!.userId),
  );

  app.get(
    '/home/getHomeInfos',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Whether the first-connection modal is due and the identity must be sent',
        response: { 200: HomeInfosSchema },
      },
    },
    async (request) => service.homeInfos(request.currentUser!.userId),
  );

  app.post(
    '/user/updatePublicProfile',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Update phone, country, department, profession and documents (multipart: ribFile, ' +
          'identityRectoFile, identityVersoFile, and their …FileId to keep the current one)',
        description:
          'Documents: png, jpeg or pdf by content, 10 MB each. 403 with invalidField on the first ' +
          'field refused; 413 with invalidField for a file too large.',
        response: { 200: UpdatePublicProfileResponseSchema },
      },
    },
    async (request) => {
      const { fields, files } = await readDocumentForm(request, Object.keys(PROFILE_FILE_FIELDS));
      return service.updatePublicProfile(request.currentUser!.userId, fields, files);
    },
  );

  app.post(
    '/user/updateFirstConnexion',
    {
      onRequest,
      schema: {
        tags,
        summary: 'End (or reopen) the first-connection modal',
        body: z.object({ isFirstConnexion: FormBooleanSchema.default(false) }).default({
          isFirstConnexion: false,
        }),
        response: { 200: UpdateFirstConnexionResponseSchema },
      },
    },
    async (request) =>
      service.updateFirstConnexion(request.currentUser!.userId, request.body.isFirstConnexion),
  );

  app.post(
    '/user/askForAccountDeletion',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Ask the team to delete the account (idempotent: the first date stays)',
        response: { 200: AccountDeletionResponseSchema },
      },
    },
    async (request) => service.askForAccountDeletion(request.currentUser!.userId),
  );

  app.get(
    '/user/getNotificationParam',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The notification groups the caller wants',
        response: { 200: NotificationPreferencesSchema },
      },
    },
    async (request) => service.notificationPreferences(request.currentUser!.userId),
  );

  app.post(
    '/user/updateNotificationParam',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Turn notification groups on or off (form of the five booleans)',
        body: UpdateNotificationPreferencesBodySchema.default({}),
        response: { 200: NotificationPreferencesSchema },
      },
    },
    async (request) =>
      service.updateNotificationPreferences(request.currentUser!.userId, request.body),
  );

  app.post(
    '/user/changePassword',
    {
      onRequest,
      // The current password is a secret like the login's: guesses wait as they do there.
      preHandler: throttle.guardSignedIn,
      schema: {
        tags,
        summary: 'Change the password; every other session ends and the answer opens a new one',
        description:
          '403 invalidField currentPassword (password.incorrect.error) or newPassword ' +
          '(password.weak.error, password.same.error).',
        body: ChangePasswordBodySchema,
        response: { 200: LoginResponseSchema.extend({ messageKey: z.string() }) },
      },
    },
    async (request) =>
      throttle.countWrongPassword(request, 'currentPassword', () =>
        service.changePassword(request.currentUser!.userId, request.body),
      ),
  );
};

export default profileRoutes;
