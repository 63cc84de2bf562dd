// The answers of the discovery calls, fetched apart from the screens' code (issue 17: zod is not
// in the home's first load); see lib/lazy-schema.
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
