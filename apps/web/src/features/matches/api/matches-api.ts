import {
  AnnonceDetailSchema,
  CatalogItemListSchema,
  GeoPlaceListSchema,
  MatchShowSchema,
  OptionListSchema,
  SaveMatchResponseSchema,
  UserInfoMatchesSchema,
  VehicleTypeListSchema,
} from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Query keys of the matches feature. */
export const matchKeys = {
  all: ['matches'] as const,
  mine: () => [...matchKeys.all, 'mine'] as const,
  show: (annonceId: number) => [...matchKeys.all, 'show', annonceId] as const,
  annonce: (annonceId: number) => [...matchKeys.all, 'annonce', annonceId] as const,
  vehicleTypes: () => [...matchKeys.all, 'vehicleTypes'] as const,
  brands: (typeId: number) => [...matchKeys.all, 'brands', typeId] as const,
  models: (typeId: number, brandId: number) =>
    [...matchKeys.all, 'models', typeId, brandId] as const,
  finishes: (modelId: number) => [...matchKeys.all, 'finishes', modelId] as const,
  colors: () => [...matchKeys.all, 'colors'] as const,
  energies: () => [...matchKeys.all, 'energies'] as const,
  places: (q: string) => [...matchKeys.all, 'places', q] as const,
};

const LONG = 10 * 60_000;

/** GET /user/getUserInfoMatches: current, validated and refused matches. */
export const myMatchesQueryOptions = () =>
  queryOptions({
    queryKey: matchKeys.mine(),
    queryFn: () => api.get('/user/getUserInfoMatches', { schema: UserInfoMatchesSchema }),
  });

export function useMyMatches() {
  return useQuery(myMatchesQueryOptions());
}

/** GET /matchAnnonce/getMyMatchForAnnonce/{annonceId}: my reports on one announcement. */
export function useMatchShow(annonceId: number) {
  return useQuery({
    queryKey: matchKeys.show(annonceId),
    queryFn: () =>
      api.get(`/matchAnnonce/getMyMatchForAnnonce/${annonceId}`, {
        schema: MatchShowSchema,
        silent: true,
      }),
    enabled: Number.isInteger(annonceId) && annonceId > 0,
    retry: false,
  });
}

/** The announcement reported on, to prefill the vehicle (GET /annonce/{id}). */
export function useMatchedAnnonce(annonceId: number | null) {
  return useQuery({
    queryKey: matchKeys.annonce(annonceId ?? 0),
    queryFn: () => api.get(`/annonce/${annonceId}`, { schema: AnnonceDetailSchema, silent: true }),
    enabled: annonceId !== null,
    retry: false,
  });
}

/**
 * POST /matchAnnonce/saveMatchAnnonceGrandPublic (multipart). Silent: a 403 names the field,
 * anything else shows the spec's toast (discovery.md §8).
 */
export function saveMatch(form: FormData) {
  return api.post('/matchAnnonce/saveMatchAnnonceGrandPublic', {
    multipart: form,
    schema: SaveMatchResponseSchema,
    silent: true,
  });
}

export function useVehicleTypes() {
  return useQuery({
    queryKey: matchKeys.vehicleTypes(),
    queryFn: () => api.get('/vehicleType/getAllActivated', { schema: VehicleTypeListSchema }),
    staleTime: LONG,
  });
}

export function useBrands(typeId: number | null) {
  return useQuery({
    queryKey: matchKeys.brands(typeId ?? 0),
    queryFn: () =>
      api.post(`/brand/getAllActivatedByVehicleType/${typeId}`, { schema: CatalogItemListSchema }),
    enabled: typeId !== null,
    staleTime: LONG,
  });
}

export function useModels(typeId: number | null, brandId: number | null) {
  return useQuery({
    queryKey: matchKeys.models(typeId ?? 0, brandId ?? 0),
    queryFn: () =>
      api.post('/model/getAllActivatedByVehicleTypeAndBrand', {
        form: { vehicleTypeId: typeId, brandId },
        schema: CatalogItemListSchema,
      }),
    enabled: typeId !== null && brandId !== null,
    staleTime: LONG,
  });
}

export function useFinishes(modelId: number | null) {
  return useQuery({
    queryKey: matchKeys.finishes(modelId ?? 0),
    queryFn: () =>
      api.post(`/modelFinish/getAllActivatedForModel/${modelId}`, {
        schema: CatalogItemListSchema,
      }),
    enabled: modelId !== null,
    staleTime: LONG,
  });
}

export function useColors() {
  return useQuery({
    queryKey: matchKeys.colors(),
    queryFn: () => api.get('/apiMobile/getColors', { schema: OptionListSchema }),
    staleTime: LONG,
  });
}

export function useEnergies() {
  return useQuery({
    queryKey: matchKeys.energies(),
    queryFn: () => api.get('/apiMobile/getEnergies', { schema: OptionListSchema }),
    staleTime: LONG,
  });
}

/** GET /geo/autocomplete: towns with their centre and department. */
export function usePlaces(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: matchKeys.places(query.toLowerCase()),
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
