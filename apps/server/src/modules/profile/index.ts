import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AuthServices } from '../auth/index';
import { DOCUMENT_UPLOAD_LIMITS, type DocumentStore } from '../identity/index';
import type { Lampions } from '../lampions/index';
import profileRoutes from './profile.routes';
import { createProfileService } from './profile.service';

/**
 * The signed-in user's own account (issue 4): profile and documents, home infos, first connection,
 * deletion request, password change.
 */
export default async function profileModule(
  app: FastifyInstance,
  options: { auth: AuthServices; documents: DocumentStore; lampions: Lampions },
) {
  const { database, clock, mailer, config } = app.deps;
  // Registered here, not app-wide: only the document forms accept files, with these limits.
  await app.register(multipart, { limits: DOCUMENT_UPLOAD_LIMITS });
  const service = createProfileService({
    db: database.db,
    clock,
    documents: options.documents,
    lampions: options.lampions,
    sessions: options.auth.sessions,
    mailer,
    supportEmail: config.SUPPORT_EMAIL,
    log: app.log,
  });
  await app.register(profileRoutes, { service, throttle: options.auth.throttle });
}
