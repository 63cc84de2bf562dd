/**
 * The notification groups a user can turn off (docs/product/accounts.md §3), in the order of the
 * modal. Apart from the profile's schemas: the web's header draws the modal without zod (issue 17).
 */
export const NOTIFICATION_PREFERENCE_KEYS = [
  'newAnnoncesCloseNotifications',
  'myAnnoncesNotifications',
  'myDiscoveriesNotifications',
  'myAlertsNotifications',
  'lampionsNotifications',
] as const;
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];
