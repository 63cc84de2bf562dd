import { offThreadSchema } from '@/lib/off-thread-schema';

/** The account calls the shell makes on every signed-in screen, checked off the main thread. */
export const accountsAnswerSchemas = {
  homeInfos: offThreadSchema(
    'accounts/homeInfos',
    async () => (await import('./home-infos.schema')).HomeInfosSchema,
  ),
  currentUserData: offThreadSchema(
    'accounts/currentUserData',
    async () => (await import('./current-user-data.schema')).CurrentUserDataSchema,
  ),
  portalUrl: offThreadSchema(
    'accounts/portalUrl',
    async () => (await import('./portal-url.schema')).PortalUrlSchema,
  ),
};
