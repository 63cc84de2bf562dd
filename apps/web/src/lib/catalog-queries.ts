import {
  CatalogItemListSchema,
  GeoPlaceListSchema,
  OptionListSchema,
  VehicleTypeListSchema,
} from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The vehicle catalogue and reference lists, as every form reads them (the announcement wizard,
 * the match report): one cache entry per list for the whole app.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  vehicleTypes: () => ['catalog', 'vehicle-types'] as const,
  brands: (vehicleTypeId: number) => ['catalog', 'brands', vehicleTypeId] as const,
  models: (vehicleTypeId: number, brandId: number) =>
    ['catalog', 'models', vehicleTypeId, brandId] as const,
  finishes: (modelId: number) => ['catalog', 'finishes', modelId] as const,
  colors: () => ['catalog', 'colors'] as const,
  energies: () => ['catalog', 'energies'] as const,
  places: (q: string) => ['catalog', 'places', q] as const,
};

const LONG = 10 * 60_000;

/** GET /vehicleType/getAllActivated. */
export function useVehicleTypes() {
  return useQuery({
    queryKey: catalogKeys.vehicleTypes(),
    queryFn: () => api.get('/vehicleType/getAllActivated', { schema: VehicleTypeListSchema }),
    staleTime: LONG,
  });
}

/** POST /brand/getAllActivatedByVehicleType/{vehicleTypeId} (custom brands of the user included). */
export function useBrands(vehicleTypeId: number | null) {
  return useQuery({
    queryKey: catalogKeys.brands(vehicleTypeId ?? 0),
    queryFn: () =>
      api.post(`/brand/getAllActivatedByVehicleType/${vehicleTypeId}`, {
        schema: CatalogItemListSchema,
      }),
    enabled: vehicleTypeId !== null,
    staleTime: LONG,
  });
}

/** POST /model/getAllActivatedByVehicleTypeAndBrand, form vehicleTypeId and brandId. */
export function useModels(vehicleTypeId: number | null, brandId: number | null) {
  return useQuery({
    queryKey: catalogKeys.models(vehicleTypeId ?? 0, brandId ?? 0),
    queryFn: () =>
      api.post('/model/getAllActivatedByVehicleTypeAndBrand', {
        form: { vehicleTypeId, brandId },
        schema: CatalogItemListSchema,
      }),
    enabled: vehicleTypeId !== null && brandId !== null,
    staleTime: LONG,
  });
}

/** POST /modelFinish/getAllActivatedForModel/{modelId}. */
export function useFinishes(modelId: number | null) {
  return useQuery({
    queryKey: catalogKeys.finishes(modelId ?? 0),
    queryFn: () =>
      api.post(`/modelFinish/getAllActivatedForModel/${modelId}`, {
        schema: CatalogItemListSchema,
      }),
    enabled: modelId !== null,
    staleTime: LONG,
  });
}

/** GET /apiMobile/getColors and /apiMobile/getEnergies: value and text in the user's language. */
export function useColors() {
  return useQuery({
    queryKey: catalogKeys.colors(),
    queryFn: () => api.get('/apiMobile/getColors', { schema: OptionListSchema }),
    staleTime: LONG,
  });
}

export function useEnergies() {
  return useQuery({
    queryKey: catalogKeys.energies(),
    queryFn: () => api.get('/apiMobile/getEnergies', { schema: OptionListSchema }),
    staleTime: LONG,
  });
}

/** GET /geo/autocomplete?q=: towns with postal code, department and centre. */
export function usePlaces(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: catalogKeys.places(query.toLowerCase()),
    queryFn: () =>
      api.get('/geo/autocomplete', {
        query: { q: query, limit: 8 },
        schema: GeoPlaceListSchema,
        silent: true,
      }),
    enabled: query.length >= 2,
    staleTime: LONG,
  });
}
