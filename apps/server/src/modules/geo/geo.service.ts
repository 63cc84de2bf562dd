import type { GeoPlace } from '@app/domain';
import { GeocoderUnavailableError, type Geocoder } from '../../adapters/geocoder';
import { AppError } from '../../lib/app-error';

/**
 * Geocoding for signed-in users (address fields, map markers). Every answer is a list, empty when
 * nothing matches; a geocoding service that cannot answer is a 503, never a 500.
 */
export function createGeoService(geocoder: Geocoder) {
  async function answer<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof GeocoderUnavailableError)
        throw new AppError('SERVICE_UNAVAILABLE', { cause: error });
      throw error;
    }
  }

  return {
    autocomplete(q: string, limit: number | undefined): Promise<GeoPlace[]> {
      return answer(() => geocoder.autocomplete(q, limit === undefined ? {} : { limit }));
    },
    search(q: string): Promise<GeoPlace[]> {
      return answer(() => geocoder.forward(q));
    },
    async reverse(latitude: number, longitude: number): Promise<GeoPlace[]> {
      const place = await answer(() => geocoder.reverse(latitude, longitude));
      return place ? [place] : [];
    },
  };
}

export type GeoService = ReturnType<typeof createGeoService>;
