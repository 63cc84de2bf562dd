import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ROLES,
  BroadcastBodySchema,
  BroadcastResponseSchema,
  LiveTicketSchema,
  NotificationIdParamsSchema,
  NotificationListBodySchema,
  NotificationStateAnswerSchema,
  NotificationViewSchema,
  preferredLocale,
  PushPublicKeySchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
} from '@app/domain';
import { AppError } from '../../lib/app-error';
import type { RecordAdminAction } from '../../lib/admin-audit-entry';
import { broadcastNotification } from './broadcast';
import type { LiveStreams } from './live-streams';
import type { LiveTickets } from './live-tickets';
import type { NotificationsService } from './notifications.service';
import type { PushService } from './push.service';

/** The bell (docs/product/accounts.md §7), its live stream and the browser's push subscription. */
const notificationsRoutes: FastifyPluginAsyncZod<{
  service: NotificationsService;
  tickets: LiveTickets;
  streams: LiveStreams;
  push: PushService;
  recordAdminAction: RecordAdminAction;
}> = async (app, { service, tickets, streams, push, recordAdminAction }) => {
  const common = { tags: ['notifications'], security: [{ bearerAuth: [] }] };
  const onRequest = app.authenticate;

  app.post(
    '/lampNotification/getAllForUser',
    {
      onRequest,
      schema: {
        ...common,
        summary: "The caller's notifications, newest first (at most 100)",
        description:
          'Form or JSON: notifTypes, notifTypesToExclude, objectTypes, objectTypesToExclude (arrays, ' +
          'JSON arrays or comma-separated; empty = no filter). Title and body in the Accept-Language.',
        // No body at all means no filter.
        body: z.preprocess((value) => value ?? {}, NotificationListBodySchema),
        response: { 200: z.array(NotificationViewSchema) },
      },
    },
    async (request) =>
      service.list(
        request.currentUser!,
        request.body,
        preferredLocale(request.headers['accept-language']),
      ),
  );

  for (const state of ['viewed', 'clicked'] as const) {
    app.get(
      state === 'viewed'
        ? '/lampNotification/changeNotifViewedState/:id'
        : '/lampNotification/changeNotifClickedState/:id',
      {
        onRequest,
        schema: {
          ...common,
          summary:
            state === 'viewed'
              ? 'Marks one of the caller’s notifications viewed (404 for anyone else’s)'
              : 'Marks one of the caller’s notifications clicked, and so viewed (404 for anyone else’s)',
          params: NotificationIdParamsSchema,
          response: { 200: NotificationStateAnswerSchema },
        },
      },
      async (request) => service.mark(request.currentUser!, request.params.id, state),
    );
  }

  app.post(
    '/lampNotification/liveTicket',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'A one-minute ticket to open the live stream (EventSource cannot send a token)',
        response: { 200: LiveTicketSchema },
      },
    },
    async (request) => tickets.issue(request.currentUser!.userId, app.deps.clock.now()),
  );

  app.get(
    '/lampNotification/live',
    {
      config: { public: true },
      schema: {
        tags: ['notifications'],
        summary: 'Server-Sent Events: a `notifications` event whenever the ticket’s user has news',
        description:
          'Authenticated by the `ticket` query parameter (POST /lampNotification/liveTicket).',
        querystring: z.object({ ticket: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const userId = tickets.verify(request.query.ticket, app.deps.clock.now());
      if (userId === null) throw new AppError('UNAUTHENTICATED');
      streams.open(userId, request, reply);
    },
  );

  app.get(
    '/pushSubscription/publicKey',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'The server’s VAPID public key, for PushManager.subscribe',
        response: { 200: PushPublicKeySchema },
      },
    },
    async () => ({ publicKey: await push.publicKey() }),
  );

  app.post(
    '/pushSubscription/subscribe',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Keeps this browser’s push subscription for the caller',
        body: PushSubscriptionBodySchema,
        response: { 200: z.object({ subscribed: z.literal(true) }) },
      },
    },
    async (request) => {
      await push.subscribe(
        request.currentUser!.userId,
        request.body,
        request.headers['user-agent'],
      );
      return { subscribed: true as const };
    },
  );

  app.post(
    '/pushSubscription/unsubscribe',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Forgets this browser’s push subscription (only the caller’s own)',
        body: PushUnsubscribeBodySchema,
        response: { 200: z.object({ unsubscribed: z.boolean() }) },
      },
    },
    async (request) => ({
      unsubscribed: await push.unsubscribe(request.currentUser!.userId, request.body.endpoint),
    }),
  );

  app.post(
    '/admin/api/notifications/broadcast',
    {
      onRequest: app.requireRoles(ADMIN_ROLES),
      schema: {
        ...common,
        tags: ['admin'],
        summary: 'A message from the team to every user (ADMIN_NOTIFICATION) or to super watchers',
        description:
          'NEW_INFO_SUPER_WATCHER goes to ROLE_INDIVIDUAL_SUPER_WATCHER accounts only. A click opens ' +
          'annonceId when given (404 when it does not exist). Audited.',
        body: BroadcastBodySchema,
        response: { 200: BroadcastResponseSchema },
      },
    },
    async (request) =>
      broadcastNotification(
        { db: app.deps.database.db, clock: app.deps.clock, recordAdminAction },
        request.currentUser!,
        request.body,
      ),
  );
};

export default notificationsRoutes;
