import { z } from 'zod';
import { idSchema, multilineText } from '../shared/input';
import {
  NOTIFICATION_OBJECT_TYPES,
  NOTIFICATION_TYPES,
  type NotificationClickTarget,
  type NotificationObjectType,
  type NotificationType,
} from './notification-types';

/**
 * A list sent in a form or JSON: an array, a JSON array in a string, "A,B" or a single value; empty
 * or absent means "no filter".
 */
function formList<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '' || value === 'null') return [];
      if (Array.isArray(value)) return value;
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      if (trimmed.startsWith('[')) {
        try {
          return JSON.parse(trimmed);
        } catch {
          return value;
        }
      }
      return trimmed
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    },
    z.array(z.enum(values)).max(values.length * 2),
  );
}

/** POST /lampNotification/getAllForUser (docs/product/accounts.md §7). */
export const NotificationListBodySchema = z.object({
  notifTypes: formList(NOTIFICATION_TYPES).optional(),
  notifTypesToExclude: formList(NOTIFICATION_TYPES).optional(),
  objectTypes: formList(NOTIFICATION_OBJECT_TYPES).optional(),
  objectTypesToExclude: formList(NOTIFICATION_OBJECT_TYPES).optional(),
});
export type NotificationListBody = z.infer<typeof NotificationListBodySchema>;

/** The most recent notifications answered by one list call. */
export const NOTIFICATION_LIST_LIMIT = 100;

/** One notification as the web app receives it (docs/product/accounts.md §3 "Notification"). */
export interface NotificationView {
  id: number;
  type: NotificationType;
  objectType: NotificationObjectType;
  objectId: number | null;
  viewed: boolean;
  clicked: boolean;
  /** Milliseconds since the epoch. */
  timestamp: number;
  /** ISO 8601. */
  date: string;
  title: string;
  body: string;
  /** Where a click leads (computed server-side from the type, for convenience). */
  target: NotificationClickTarget;
  /** The web marks it viewed when the menu closes (spec field; always false from the server). */
  updateViewed: boolean;
}

export const NotificationViewSchema = z.object({
  id: z.number(),
  type: z.enum(NOTIFICATION_TYPES),
  objectType: z.enum(NOTIFICATION_OBJECT_TYPES),
  objectId: z.number().nullable(),
  viewed: z.boolean(),
  clicked: z.boolean(),
  timestamp: z.number(),
  date: z.string(),
  title: z.string(),
  body: z.string(),
  target: z.enum(['AnnonceShow', 'MatchShow']).nullable(),
  updateViewed: z.boolean(),
});

/** Answer of the viewed / clicked state calls. */
export const NotificationStateAnswerSchema = z.object({
  id: z.number(),
  viewed: z.boolean(),
  clicked: z.boolean(),
});

/** `{id}` of the state calls: a positive integer. */
export const NotificationIdParamsSchema = z.object({
  id: idSchema,
});

/** POST /lampNotification/liveTicket: a short-lived ticket for the live stream's query string. */
export const LiveTicketSchema = z.object({ ticket: z.string(), expiresIn: z.number() });

/** Seconds a live ticket may be used to open the stream (EventSource cannot send a bearer token). */
export const LIVE_TICKET_LIFETIME_SECONDS = 60;

/** GET /pushSubscription/publicKey. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });

/** POST /pushSubscription/subscribe: the browser's PushSubscription.toJSON(). */
export const PushSubscriptionBodySchema = z.object({
  endpoint: z.url().max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});

/** POST /pushSubscription/unsubscribe. */
export const PushUnsubscribeBodySchema = z.object({ endpoint: z.url().max(2000) });

/** POST /admin/api/notifications/broadcast: a message from the team to every user or to super watchers. */
export const BroadcastBodySchema = z.object({
  /** ADMIN_NOTIFICATION goes to every user who may be told; NEW_INFO_SUPER_WATCHER to super watchers. */
  type: z.enum(['ADMIN_NOTIFICATION', 'NEW_INFO_SUPER_WATCHER']),
  title: z.string().trim().min(1).max(120),
  message: multilineText().trim().min(1).max(1000),
  /** The announcement a click opens, if any. */
  annonceId: idSchema.optional(),
});
export type BroadcastBody = z.infer<typeof BroadcastBodySchema>;
/** How many users the broadcast reached. */
export const BroadcastResponseSchema = z.object({ recipients: z.number() });
