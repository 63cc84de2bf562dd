import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { createDocumentStore, DOCUMENT_UPLOAD_LIMITS } from './documents.service';
import identityRoutes from './identity.routes';
import { createIdentityService } from './identity.service';

/** Identity documents and status (issue 4): GET /user/getCurrentUserValidation, POST /user/sendIdentity. */
export default async function identityModule(app: FastifyInstance) {
  const { database, storage, clock, signingSecret } = app.deps;
  // Registered here, not app-wide: only these routes accept files, with these limits.
  await app.register(multipart, { limits: DOCUMENT_UPLOAD_LIMITS });
  const documents = createDocumentStore({
    db: database.db,
    storage,
    clock,
    signingSecret,
    log: app.log,
  });
  await app.register(identityRoutes, {
    service: createIdentityService({ db: database.db, clock, documents }),
  });
}
