import {
  GeoPlaceListSchema,
  AnnonceDetailSchema,
  MatchShowSchema,
  SaveMatchResponseSchema,
  UserInfoMatchesSchema,
} from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Query keys of the matches feature. */
export const matchKeys = {
  all: ['matches'] as const,
  mine: () => [...matchKeys.all, 'mine'] as const,
  show: (annonceId: number) => [...matchKeys.all, 'show', annonceId] as const,
  annonce: (annonceId: number) => [...matchKeys.all, 'annonce', annonceId] as const,
};

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
 * anything else shows the spec's toast (docs/product/discovery.md §8).
 */
export function saveMatch(form: FormData, onUploadProgress?: (fraction: number) => void) {
  return api.post('/matchAnnonce/saveMatchAnnonceGrandPublic', {
    multipart: form,
    schema: SaveMatchResponseSchema,
    silent: true,
    ...(onUploadProgress ? { onUploadProgress } : {}),
  });
}

/** GET /geo/reverse: the place at the watcher's position (the first one), or none. */
export async function placeAt(latitude: number, longitude: number) {
  const places = await api.get('/geo/reverse', {
    query: { lat: latitude, lng: longitude },
    schema: GeoPlaceListSchema,
    silent: true,
  });
  return places[0] ?? null;
}
