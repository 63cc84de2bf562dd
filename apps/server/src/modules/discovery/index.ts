import type { FastifyPluginAsync } from 'fastify';
import { createSavedSearchesService } from '../saved-searches/saved-searches.service';
import discoveryRoutes from './discovery.routes';
import { createDiscoveryService } from './discovery.service';
import type { SearchIndexSync } from './search-index-sync';
import { createSubFiltersService } from './sub-filters.service';

const discoveryModule: FastifyPluginAsync<{ searchIndex?: SearchIndexSync }> = async (
  app,
  { searchIndex },
) => {
  const { db } = app.deps.database;
  const savedSearches = createSavedSearchesService({ db });
  const discovery = createDiscoveryService({
    db,
    clock: app.deps.clock,
    publicUrl: app.deps.config.publicUrl,
    signingSecret: app.deps.signingSecret,
    savedSearches,
    searchIndex,
  });
  const subFilters = createSubFiltersService({ db, savedSearches });
  await app.register(discoveryRoutes, { discovery, subFilters });
};

export default discoveryModule;
