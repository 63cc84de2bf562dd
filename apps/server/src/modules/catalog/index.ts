import type { FastifyPluginAsync } from 'fastify';
import catalogRoutes from './catalog.routes';
import { createCatalogService } from './catalog.service';

/** Vehicle types, brands, models and finishes (the seed fills them: seed/reference/vehicle-catalog). */
const catalogModule: FastifyPluginAsync = async (app) => {
  const service = createCatalogService({ db: app.deps.database.db });
  await app.register(catalogRoutes, { service });
};

export default catalogModule;
