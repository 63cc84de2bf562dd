import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { reversePlace } from '../api/discovery-api';
import { discoveryKeys } from '../api/discovery-keys';

/**
 * The address of a marker: its own, else asked from the geocoder (docs/product/discovery.md §2). While loading
 * "Chargement...", on failure "Erreur de géocodage" and the status, without result "Aucun
 * résultat trouvé".
 */
export function useReverseAddress(
  address: string | null,
  latitude: number | null,
  longitude: number | null,
): string | null {
  const { t } = useTranslation();
  const needed = !address && latitude !== null && longitude !== null;
  const place = useQuery({
    queryKey: discoveryKeys.reverse(latitude ?? 0, longitude ?? 0),
    queryFn: () => reversePlace(latitude!, longitude!),
    enabled: needed,
    staleTime: Infinity,
  });
  if (address) return address;
  if (!needed) return null;
  if (place.isPending) return t('map.geocoding.loading');
  if (place.isError) {
    const status = place.error instanceof ApiError ? place.error.status : 0;
    return `${t('map.geocoding.error')} ${status}`;
  }
  return place.data[0]?.label ?? t('map.geocoding.noResult');
}
