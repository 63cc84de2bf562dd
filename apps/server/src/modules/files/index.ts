import type { FastifyInstance } from 'fastify';
import { createFileUrlSigner } from '../../lib/signed-file-urls';
import filesRoutes from './files.routes';
import { createFilesService } from './files.service';

// What the other modules may use of this one (docs/architecture.md, "Module boundaries").
export { derivedKeysOf, photoSizeKeyOf, thumbnailKeyOf } from './files.service';

/** GET /files/{id} and /files/{id}/thumbnail: photos for everyone, documents by signed link only. */
export default async function filesModule(app: FastifyInstance) {
  const { database, storage, signingSecret, clock } = app.deps;
  const service = createFilesService({
    db: database.db,
    storage,
    signer: createFileUrlSigner(signingSecret),
    clock,
    log: app.log,
  });
  await app.register(filesRoutes, { service });
}
