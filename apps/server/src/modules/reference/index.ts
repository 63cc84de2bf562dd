import type { FastifyPluginAsync } from 'fastify';
import referenceRoutes from './reference.routes';
import { createReferenceService } from './reference.service';

const referenceModule: FastifyPluginAsync = async (app) => {
  const service = createReferenceService({ db: app.deps.database.db, config: app.deps.config });
  await app.register(referenceRoutes, { service });
};

export default referenceModule;
