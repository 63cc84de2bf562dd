import type { FastifyPluginAsync } from 'fastify';
import policeStationsRoutes from './police-stations.routes';
import { createPoliceStationsService } from './police-stations.service';

const policeStationsModule: FastifyPluginAsync = async (app) => {
  const service = createPoliceStationsService({
    db: app.deps.database.db,
    demoData: app.deps.config.DEMO_DATA,
    clock: app.deps.clock,
  });
  await app.register(policeStationsRoutes, { service });
};

export default policeStationsModule;
