import type { FastifyPluginAsync } from 'fastify';
import { createGeocoder } from '../../adapters/geocoder-factory';
import geoRoutes from './geo.routes';
import { createGeoService } from './geo.service';

/**
 * The geo module builds its own geocoder from the configuration and the database rather than
 * taking one from AppDependencies: the geocoder needs nothing beyond those two, so the shared
 * bootstrap and the test helper stay as they are, and a test switches to the BAN adapter with
 * buildTestApp({ env: { GEOCODER: 'ban', GEOCODER_BAN_URL } }).
 */
const geoModule: FastifyPluginAsync = async (app) => {
  const geocoder = createGeocoder(app.deps.config, app.deps.database.db);
  await app.register(geoRoutes, { service: createGeoService(geocoder) });
};

export default geoModule;
