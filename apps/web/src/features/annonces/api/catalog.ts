import {
  CatalogItemListSchema,
  CatalogItemSchema,
  GeoPlaceListSchema,
  OptionListSchema,
  VehicleTypeListSchema,
} from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { annonceKeys } from './annonce-keys';

const LONG = 10 * 60_000;

/** GET /vehicleType/getAllActivated. */
export function useVehicleTypes() {
  return useQuery({
    queryKey: annonceKeys.vehicleTypes(),
    queryFn: () => api.get('/vehicleType/getAllActivated', { schema: VehicleTypeListSchema }),
    staleTime: LONG,
  });
}

/** POST /brand/getAllActivatedByVehicleType/{vehicleTypeId} (custom brands of the user included). */
export function useBrands(vehicleTypeId: number | null) {
  return useQuery({
    queryKey: annonceKeys.brands(vehicleTypeId ?? 0),
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
    queryKey: annonceKeys.models(vehicleTypeId ?? 0, brandId ?? 0),
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
    queryKey: annonceKeys.finishes(modelId ?? 0),
    queryFn: () =>
      api.post(`/modelFinish/getAllActivatedForModel/${modelId}`, {
        schema: CatalogItemListSchema,
      }),
    enabled: modelId !== null,
    staleTime: LONG,
  });
}

export type CustomItemKind = 'brand' | 'model' | 'finish';

const CUSTOM_PATHS: Record<CustomItemKind, string> = {
  brand: '/brand/createCustomBrand',
  model: '/model/createCustomModel',
  finish: '/modelFinish/createCustomModelFinish',
};

/** POST /{controller}/{method}: a custom brand, model or finish; a 403 names the `name` field. */
export function createCustomItem(
  kind: CustomItemKind,
  input: { name: string; vehicleTypeId: number; brandId?: number | null; modelId?: number | null },
) {
  return api.post(CUSTOM_PATHS[kind], {
    form: {
      name: input.name,
      vehicleTypeId: input.vehicleTypeId,
      brandId: input.brandId ?? undefined,
      modelId: input.modelId ?? undefined,
    },
    schema: CatalogItemSchema,
    silent: true,
  });
}

/** GET /apiMobile/getColors and /apiMobile/getEnergies: value and text in the user's language. */
export function useColors() {
  return useQuery({
    queryKey: annonceKeys.colors(),
    queryFn: () => api.get('/apiMobile/getColors', { schema: OptionListSchema }),
    staleTime: LONG,
  });
}

export function useEnergies() {
  return useQuery({
    queryKey: annonceKeys.energies(),
    queryFn: () => api.get('/apiMobile/getEnergies', { schema: OptionListSchema }),
    staleTime: LONG,
  });
}

/** GET /geo/autocomplete?q=: towns with postal code, department and centre. */
export function usePlaces(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: annonceKeys.places(query.toLowerCase()),
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
