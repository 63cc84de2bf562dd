import type { FastifyInstance } from 'fastify';
import type { AuthServices } from '../auth/index';
import personalDataRoutes from './personal-data.routes';
import { createPersonalDataService } from './personal-data.service';

/** Personal data, self-service (issue 19; RGPD articles 15, 17 and 20). */
export default async function personalDataModule(
  app: FastifyInstance,
  options: { auth: AuthServices },
) {
  const { database, storage, clock, signingSecret, mailer } = app.deps;
  const service = createPersonalDataService({
    db: database.db,
    storage,
    clock,
    mailer,
    signingSecret,
    log: app.log,
  });
  await app.register(personalDataRoutes, { service, throttle: options.auth.throttle });
}
