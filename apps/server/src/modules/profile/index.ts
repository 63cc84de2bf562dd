import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { loginThrottleFor } from '../auth/rate-limits';
import { createSecretDigests } from '../auth/secret-digests';
import { createSessions } from '../auth/sessions.service';
import { createDocumentStore, DOCUMENT_UPLOAD_LIMITS } from '../identity/documents.service';
import { createLampions } from '../lampions/index';
import profileRoutes from './profile.routes';
import { createProfileService } from './profile.service';

/**
 * The signed-in user's own account (issue 4): profile and documents, home infos, first connection,
 * deletion request, password change.
 */
export default async function profileModule(app: FastifyInstance) {
  const { database, storage, clock, signingSecret, accessTokens, mailer, config } = app.deps;
  const db = database.db;
  // Registered here, not app-wide: only the document forms accept files, with these limits.
  await app.register(multipart, { limits: DOCUMENT_UPLOAD_LIMITS });
  const service = createProfileService({
    db,
    clock,
    documents: createDocumentStore({ db, storage, clock, signingSecret, log: app.log }),
    lampions: createLampions({ db, clock }),
    sessions: createSessions({
      db,
      digests: createSecretDigests(signingSecret),
      accessTokens,
      clock,
      log: app.log,
      revocations: app.sessionRevocations,
    }),
    mailer,
    supportEmail: config.SUPPORT_EMAIL,
    log: app.log,
  });
  await app.register(profileRoutes, { service, throttle: await loginThrottleFor(app) });
}
