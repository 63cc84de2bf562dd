import { lazySchema } from '@/lib/lazy-schema';

const answers = () => import('./discovery-answers.schema');

/** The discovery calls' answer schemas, fetched beside the first render (lib/lazy-schema). */
export const discoveryAnswerSchemas = {
  displaySelectedValues: lazySchema(
    async () => (await answers()).DisplaySelectedValuesResponseSchema,
  ),
  filtersAlertText: lazySchema(async () => (await answers()).FiltersAlertTextResponseSchema),
  filtersData: lazySchema(async () => (await answers()).FiltersDataSchema),
  geoPlaceList: lazySchema(async () => (await answers()).GeoPlaceListSchema),
  homeData: lazySchema(async () => (await answers()).HomeDataResponseSchema),
  idList: lazySchema(async () => (await answers()).IdListResponseSchema),
  policeStationList: lazySchema(async () => (await answers()).PoliceStationListSchema),
  searchAnnonces: lazySchema(async () => (await answers()).SearchAnnoncesResponseSchema),
  searchMapPoints: lazySchema(async () => (await answers()).SearchMapPointsResponseSchema),
  sortObjects: lazySchema(async () => (await answers()).SortObjectsResponseSchema),
  subFilterOptionList: lazySchema(async () => (await answers()).SubFilterOptionListSchema),
  topAnnonces: lazySchema(async () => (await answers()).TopAnnoncesResponseSchema),
};
