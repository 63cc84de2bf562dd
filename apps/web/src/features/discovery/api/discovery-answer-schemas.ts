import { offThreadSchema } from '@/lib/off-thread-schema';

const answers = () => import('./discovery-answers.schema');

/**
 * The discovery calls' answer schemas, checked off the main thread (lib/off-thread-schema): the
 * home's, the search's and the map's answers are the largest the app checks on a first screen.
 */
export const discoveryAnswerSchemas = {
  displaySelectedValues: offThreadSchema(
    'discovery/displaySelectedValues',
    async () => (await answers()).DisplaySelectedValuesResponseSchema,
  ),
  filtersAlertText: offThreadSchema(
    'discovery/filtersAlertText',
    async () => (await answers()).FiltersAlertTextResponseSchema,
  ),
  filtersData: offThreadSchema(
    'discovery/filtersData',
    async () => (await answers()).FiltersDataSchema,
  ),
  geoPlaceList: offThreadSchema(
    'discovery/geoPlaceList',
    async () => (await answers()).GeoPlaceListSchema,
  ),
  homeData: offThreadSchema(
    'discovery/homeData',
    async () => (await answers()).HomeDataResponseSchema,
  ),
  idList: offThreadSchema('discovery/idList', async () => (await answers()).IdListResponseSchema),
  policeStationList: offThreadSchema(
    'discovery/policeStationList',
    async () => (await answers()).PoliceStationListSchema,
  ),
  searchAnnonces: offThreadSchema(
    'discovery/searchAnnonces',
    async () => (await answers()).SearchAnnoncesResponseSchema,
  ),
  searchMapPoints: offThreadSchema(
    'discovery/searchMapPoints',
    async () => (await answers()).SearchMapPointsResponseSchema,
  ),
  sortObjects: offThreadSchema(
    'discovery/sortObjects',
    async () => (await answers()).SortObjectsResponseSchema,
  ),
  subFilterOptionList: offThreadSchema(
    'discovery/subFilterOptionList',
    async () => (await answers()).SubFilterOptionListSchema,
  ),
  topAnnonces: offThreadSchema(
    'discovery/topAnnonces',
    async () => (await answers()).TopAnnoncesResponseSchema,
  ),
};
