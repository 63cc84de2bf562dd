import type { FastifyInstance } from 'fastify';
import supportRoutes from './support.routes';
import { createSupportService } from './support.service';

/** POST /user/sendFeedbackMail: support form and bug report (issue 4). */
export default async function supportModule(app: FastifyInstance) {
  const { database, clock, mailer, config } = app.deps;
  await app.register(supportRoutes, {
    service: createSupportService({
      db: database.db,
      clock,
      mailer,
      supportEmail: config.SUPPORT_EMAIL,
      sentryDsn: config.SENTRY_DSN,
      webhookUrl: config.BUG_REPORT_WEBHOOK_URL,
      log: app.log,
    }),
  });
}
