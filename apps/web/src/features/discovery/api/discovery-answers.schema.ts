// The answers of the discovery calls, fetched apart from the screens' code (issue 17: zod is not
// in the home's first load), by the answer check worker; see lib/off-thread-schema.
export {
  DisplaySelectedValuesResponseSchema,
  FiltersAlertTextResponseSchema,
  FiltersDataSchema,
  GeoPlaceListSchema,
  HomeDataResponseSchema,
  IdListResponseSchema,
  PoliceStationListSchema,
  SearchAnnoncesResponseSchema,
  SearchMapPointsResponseSchema,
  SortObjectsResponseSchema,
  SubFilterOptionListSchema,
  TopAnnoncesResponseSchema,
} from '@app/domain';
