import type { FastifyPluginAsync } from 'fastify';
import savedSearchesRoutes from './saved-searches.routes';
import type { SavedSearchesService } from './saved-searches.service';

// What the other modules may use of this one (docs/architecture.md, "Module boundaries").
export {
  createSavedSearchesService,
  criteriaOfRow,
  type SavedSearchesService,
} from './saved-searches.service';

const savedSearchesModule: FastifyPluginAsync<{ savedSearches: SavedSearchesService }> = async (
  app,
  { savedSearches },
) => {
  await app.register(savedSearchesRoutes, { service: savedSearches });
};

export default savedSearchesModule;
