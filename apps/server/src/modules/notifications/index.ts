import type { FastifyInstance } from 'fastify';
import { createLiveBus } from './live-bus';
import { createLiveStreams } from './live-streams';
import { createLiveTickets } from './live-tickets';
import type { RecordAdminAction } from '../../lib/admin-audit-entry';
import notificationsRoutes from './notifications.routes';
import { createNotificationsService } from './notifications.service';
import { createPushService } from './push.service';

// What the other modules may use of this one (docs/architecture.md, "Module boundaries").
export { runAlertFanOut, type FanOutDelivery } from './alert-fan-out';
export { annonceTitles } from './annonce-titles';
export { deliverMail } from './delivery';
export { notificationLocaleOf, renderNotification } from './notification-catalogue';
export { createNotifier, type NotificationInput, type Notifier } from './notifier';
// The delivery pipeline's pieces, which the background jobs run (jobs/notifications.job.ts).
export { deliverPush } from './delivery';
export { createDispatcher } from './dispatcher';
export { createLiveBus, createLocalLiveBus } from './live-bus';
export { NOTIFICATIONS_CHANNEL } from './notifier';
export { createPushService, loadOrCreateVapidKeys } from './push.service';
export { createPushSender } from './push-sender';

/**
 * Notifications (issue 9): the bell's calls, the live stream and push subscriptions. Delivery (live,
 * push, mail) runs in the background pipeline started with the jobs (jobs/notifications.job.ts).
 */
export default async function notificationsModule(
  app: FastifyInstance,
  options: { recordAdminAction: RecordAdminAction },
) {
  const { database, clock, config, signingSecret } = app.deps;
  const db = database.db;
  const bus = await createLiveBus(config.REDIS_URL, app.log);
  const streams = createLiveStreams(bus);
  app.observability.countLiveStreams(() => streams.count());
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => streams.close());
  app.addHook('onClose', async () => bus.close());
  await app.register(notificationsRoutes, {
    service: createNotificationsService({ db, clock }),
    tickets: createLiveTickets(signingSecret),
    streams,
    push: createPushService({
      db,
      clock,
      contact: `mailto:${config.SUPPORT_EMAIL}`,
      extraPushOrigins: config.PUSH_SERVICE_EXTRA_ORIGINS,
      log: app.log,
    }),
    recordAdminAction: options.recordAdminAction,
  });
}
