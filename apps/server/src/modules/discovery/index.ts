import type { FastifyPluginAsync } from 'fastify';
import type { SavedSearchesService } from '../saved-searches/index';
import discoveryRoutes from './discovery.routes';
import { createDiscoveryService } from './discovery.service';
import type { SearchIndexSync } from './search-index-sync';
import { createSubFiltersService } from './sub-filters.service';

// What the rest of the server may use of this one (docs/architecture.md, "Module boundaries").
export {
  createSearchIndexSync,
  type SearchIndexState,
  type SearchIndexSync,
} from './search-index-sync';

const discoveryModule: FastifyPluginAsync<{
  searchIndex?: SearchIndexSync;
  savedSearches: SavedSearchesService;
}> = async (app, { searchIndex, savedSearches }) => {
  const { db } = app.deps.database;
  const discovery = createDiscoveryService({
    db,
    clock: app.deps.clock,
    publicUrl: app.deps.config.publicUrl,
    signingSecret: app.deps.signingSecret,
    savedSearches,
    searchIndex,
    log: app.log,
  });
  const subFilters = createSubFiltersService({ db, savedSearches });
  await app.register(discoveryRoutes, { discovery, subFilters });
};

export default discoveryModule;
