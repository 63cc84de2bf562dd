import type { FastifyPluginAsync } from 'fastify';
import savedSearchesRoutes from './saved-searches.routes';
import { createSavedSearchesService } from './saved-searches.service';

const savedSearchesModule: FastifyPluginAsync = async (app) => {
  const service = createSavedSearchesService({ db: app.deps.database.db });
  await app.register(savedSearchesRoutes, { service });
};

export default savedSearchesModule;
