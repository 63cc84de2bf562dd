import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_UPLOAD_LIMITS, type DocumentStore } from './documents.service';
import identityRoutes from './identity.routes';
import { createIdentityService } from './identity.service';

// What the other modules may use of this one (docs/architecture.md, "Module boundaries").
export {
  createDocumentStore,
  DOCUMENT_UPLOAD_LIMITS,
  prepareDocument,
  readDocumentForm,
  type DocumentStore,
  type IncomingFile,
  type PreparedDocument,
} from './documents.service';

/** Identity documents and status (issue 4): GET /user/getCurrentUserValidation, POST /user/sendIdentity. */
export default async function identityModule(
  app: FastifyInstance,
  options: { documents: DocumentStore },
) {
  const { database, clock } = app.deps;
  const { documents } = options;
  // Registered here, not app-wide: only these routes accept files, with these limits.
  await app.register(multipart, { limits: DOCUMENT_UPLOAD_LIMITS });
  await app.register(identityRoutes, {
    service: createIdentityService({ db: database.db, clock, documents }),
  });
}
