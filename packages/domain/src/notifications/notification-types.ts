import type { NotificationPreferenceKey } from '../profile/notification-preferences';

/**
 * Every notification the product sends (docs/product/accounts.md §3 "Notification"), in the spec's order. The
 * server stores the type and a few parameters; title and body are rendered from the catalogue in the
 * reader's language (notification-catalogue.ts).
 */
export const NOTIFICATION_TYPES = [
  'ANNONCE_ACCEPTED',
  'ID_VALIDATED',
  'WATCHER_MATCH_INVALID',
  'WATCHER_MATCH_REFUSED',
  'ID_REFUSED',
  'ANNONCE_DELAY_PASSED',
  'ANNONCE_REFUSED',
  'PHOTOS_REFUSED',
  'WATCHER_VEHICLE_FOUND_IN_FUNCTION',
  'VICTIM_VEHICLE_FOUND_IN_FUNCTION',
  'WATCHER_VEHICLE_FOUND_DESTROYED',
  'VICTIM_VEHICLE_FOUND_DESTROYED',
  'LAMPIONS_GAINED',
  'LEVEL_GAINED',
  'NEW_NEAR_VEHICLES',
  'NEW_ALERT_VEHICLES',
  'ANNONCE_TO_COMPLETE',
  'LAMPIONS_LOST',
  'LAMPIONS_ADDED',
  'LAMPIONS_REMOVED',
  'NEW_INFO_SUPER_WATCHER',
  'ADMIN_NOTIFICATION',
  // Beyond the spec's 22 (issue 19): an announcement a watcher followed (favourite or alert) was
  // closed by its owner as found.
  'WATCHED_VEHICLE_FOUND',
  /** Beyond the spec (issue 19): a watcher checked the identifier of the owner's vehicle. */
  'ANNONCE_IDENTIFIER_CHECKED',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_OBJECT_TYPES = ['User', 'Annonce', 'Lampions'] as const;
export type NotificationObjectType = (typeof NOTIFICATION_OBJECT_TYPES)[number];

export function isNotificationType(value: string): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/**
 * The preference group that can silence each type (the five groups of the parameters modal:
 * around me, my stolen vehicles, my watcher actions, my alerts, lampions). `null`: about the
 * account itself (identity) or from the team, always delivered.
 */
export const NOTIFICATION_PREFERENCE_GROUP: Record<
  NotificationType,
  NotificationPreferenceKey | null
> = {
  ANNONCE_ACCEPTED: 'myAnnoncesNotifications',
  ANNONCE_REFUSED: 'myAnnoncesNotifications',
  ANNONCE_DELAY_PASSED: 'myAnnoncesNotifications',
  ANNONCE_TO_COMPLETE: 'myAnnoncesNotifications',
  PHOTOS_REFUSED: 'myAnnoncesNotifications',
  ANNONCE_IDENTIFIER_CHECKED: 'myAnnoncesNotifications',
  VICTIM_VEHICLE_FOUND_IN_FUNCTION: 'myAnnoncesNotifications',
  VICTIM_VEHICLE_FOUND_DESTROYED: 'myAnnoncesNotifications',
  WATCHER_MATCH_INVALID: 'myDiscoveriesNotifications',
  WATCHER_MATCH_REFUSED: 'myDiscoveriesNotifications',
  WATCHER_VEHICLE_FOUND_IN_FUNCTION: 'myDiscoveriesNotifications',
  WATCHER_VEHICLE_FOUND_DESTROYED: 'myDiscoveriesNotifications',
  NEW_ALERT_VEHICLES: 'myAlertsNotifications',
  NEW_NEAR_VEHICLES: 'newAnnoncesCloseNotifications',
  LAMPIONS_GAINED: 'lampionsNotifications',
  LAMPIONS_LOST: 'lampionsNotifications',
  LAMPIONS_ADDED: 'lampionsNotifications',
  LAMPIONS_REMOVED: 'lampionsNotifications',
  LEVEL_GAINED: 'lampionsNotifications',
  ID_VALIDATED: null,
  ID_REFUSED: null,
  NEW_INFO_SUPER_WATCHER: null,
  ADMIN_NOTIFICATION: null,
  WATCHED_VEHICLE_FOUND: 'myAlertsNotifications',
};

/** What the notification is about, and so what `objectId` names. */
export const NOTIFICATION_OBJECT_TYPE: Record<NotificationType, NotificationObjectType> = {
  ANNONCE_ACCEPTED: 'Annonce',
  ANNONCE_REFUSED: 'Annonce',
  ANNONCE_DELAY_PASSED: 'Annonce',
  ANNONCE_TO_COMPLETE: 'Annonce',
  PHOTOS_REFUSED: 'Annonce',
  ANNONCE_IDENTIFIER_CHECKED: 'Annonce',
  VICTIM_VEHICLE_FOUND_IN_FUNCTION: 'Annonce',
  VICTIM_VEHICLE_FOUND_DESTROYED: 'Annonce',
  /** The announcement the match was about: MatchShow takes the announcement id. */
  WATCHER_MATCH_INVALID: 'Annonce',
  WATCHER_MATCH_REFUSED: 'Annonce',
  WATCHER_VEHICLE_FOUND_IN_FUNCTION: 'Annonce',
  WATCHER_VEHICLE_FOUND_DESTROYED: 'Annonce',
  NEW_ALERT_VEHICLES: 'Annonce',
  NEW_NEAR_VEHICLES: 'Annonce',
  LAMPIONS_GAINED: 'Lampions',
  LAMPIONS_LOST: 'Lampions',
  LAMPIONS_ADDED: 'Lampions',
  LAMPIONS_REMOVED: 'Lampions',
  LEVEL_GAINED: 'Lampions',
  ID_VALIDATED: 'User',
  ID_REFUSED: 'User',
  NEW_INFO_SUPER_WATCHER: 'Annonce',
  ADMIN_NOTIFICATION: 'Annonce',
  WATCHED_VEHICLE_FOUND: 'Annonce',
};

export type NotificationClickTarget = 'AnnonceShow' | 'MatchShow' | null;

/** Where a click leads (docs/product/accounts.md §4 "Notification"); both routes take the announcement id. */
export const NOTIFICATION_CLICK_TARGET: Record<NotificationType, NotificationClickTarget> = {
  ANNONCE_ACCEPTED: 'AnnonceShow',
  ANNONCE_REFUSED: 'AnnonceShow',
  NEW_NEAR_VEHICLES: 'AnnonceShow',
  NEW_ALERT_VEHICLES: 'AnnonceShow',
  ANNONCE_TO_COMPLETE: 'AnnonceShow',
  ANNONCE_DELAY_PASSED: 'AnnonceShow',
  PHOTOS_REFUSED: 'AnnonceShow',
  /** The detail page's last positions show where. */
  ANNONCE_IDENTIFIER_CHECKED: 'AnnonceShow',
  ADMIN_NOTIFICATION: 'AnnonceShow',
  NEW_INFO_SUPER_WATCHER: 'AnnonceShow',
  WATCHED_VEHICLE_FOUND: 'AnnonceShow',
  WATCHER_MATCH_INVALID: 'MatchShow',
  WATCHER_MATCH_REFUSED: 'MatchShow',
  ID_VALIDATED: null,
  ID_REFUSED: null,
  WATCHER_VEHICLE_FOUND_IN_FUNCTION: null,
  VICTIM_VEHICLE_FOUND_IN_FUNCTION: null,
  WATCHER_VEHICLE_FOUND_DESTROYED: null,
  VICTIM_VEHICLE_FOUND_DESTROYED: null,
  LAMPIONS_GAINED: null,
  LEVEL_GAINED: null,
  LAMPIONS_LOST: null,
  LAMPIONS_ADDED: null,
  LAMPIONS_REMOVED: null,
};

/** The click target of one notification: none without an object to open. */
export function notificationClickTarget(
  type: NotificationType,
  objectId: number | null,
): NotificationClickTarget {
  return objectId == null ? null : NOTIFICATION_CLICK_TARGET[type];
}

/**
 * Types also sent by mail, in the reader's language (the issue: announcement accepted or refused,
 * vehicle found). These are transactional: the mail goes even when the group is turned off.
 */
export const MAILED_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'ANNONCE_ACCEPTED',
  'ANNONCE_REFUSED',
  'VICTIM_VEHICLE_FOUND_IN_FUNCTION',
  'VICTIM_VEHICLE_FOUND_DESTROYED',
  'WATCHER_VEHICLE_FOUND_IN_FUNCTION',
  'WATCHER_VEHICLE_FOUND_DESTROYED',
];

/**
 * Types mailed only while their group is on (a mail per sighting is welcome news, not a duty: the
 * owner who turns "my stolen vehicles" off gets neither bell, push nor mail).
 */
export const MAILED_WHEN_WANTED_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'ANNONCE_IDENTIFIER_CHECKED',
];

/** Whether a stored notification goes by mail (a muted row exists only for the transactional ones). */
export function isMailedNotification(type: NotificationType, muted: boolean): boolean {
  return (
    MAILED_NOTIFICATION_TYPES.includes(type) ||
    (!muted && MAILED_WHEN_WANTED_NOTIFICATION_TYPES.includes(type))
  );
}

/**
 * Parameters a producer may attach; the catalogue uses the ones it knows and ignores the others.
 * annonceTitle: "Peugeot 208"; points: lampions won or lost (positive); level; comment: an admin's
 * reason; message: an admin broadcast's text.
 */
export type NotificationParams = Record<string, string | number>;

/** At most one ANNONCE_IDENTIFIER_CHECKED per announcement in this time (a busy street). */
export const SIGHTING_NOTICE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * How precisely the owner is told where their vehicle was checked: the position is snapped to a grid
 * of 0.01 degree (about 1.1 km north-south, 0.75 km east-west in France) before it is stored, so the
 * notification never holds the watcher's exact position; the owner reads "within about 1 km".
 */
export const SIGHTING_GRID_DEGREES = 0.01;
export const SIGHTING_AREA_RADIUS_M = 1000;

/** The centre of the grid cell holding the position (see SIGHTING_GRID_DEGREES). */
export function roundSightingPosition(
  latitude: number,
  longitude: number,
): { latitude: number; longitude: number } {
  const snap = (value: number) =>
    Number(((Math.floor(value / SIGHTING_GRID_DEGREES) + 0.5) * SIGHTING_GRID_DEGREES).toFixed(3));
  return { latitude: snap(latitude), longitude: snap(longitude) };
}

/** What the alert fan-out looks for (docs/product/founders-decisions.md: within 20 km of the last known position). */
export const NEAR_VEHICLES_RADIUS_KM = 20;
