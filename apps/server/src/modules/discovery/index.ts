import type { FastifyPluginAsync } from 'fastify';
import { createSavedSearchesService } from '../saved-searches/saved-searches.service';
import discoveryRoutes from './discovery.routes';
import { createDiscoveryService } from './discovery.service';
import { createSearchIndexSync } from './search-index-sync';
import { createSubFiltersService } from './sub-filters.service';

const discoveryModule: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const savedSearches = createSavedSearchesService({ db });
  const searchIndex = createSearchIndexSync({
    db,
    onError: (error, what) => app.log.error({ err: error }, `${what} failed`),
  });
  // Loaded in the background once the app is up; searches use PostgreSQL until then.
  app.addHook('onReady', async () => {
    void searchIndex.start();
  });
  app.addHook('onClose', async () => searchIndex.close());
  const discovery = createDiscoveryService({
    db,
    clock: app.deps.clock,
    publicUrl: app.deps.config.publicUrl,
    savedSearches,
    searchIndex,
  });
  const subFilters = createSubFiltersService({ db, savedSearches });
  await app.register(discoveryRoutes, { discovery, subFilters });
};

export default discoveryModule;
