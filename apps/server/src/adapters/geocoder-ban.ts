import { z } from 'zod';
import { departmentCodeFromInsee, GEO_AUTOCOMPLETE_MAX_RESULTS, type GeoPlace } from '@app/domain';
import { GEOCODER_DEFAULT_LIMIT, GeocoderUnavailableError, type Geocoder } from './geocoder';

/** The Base Adresse Nationale refuses queries shorter than this. */
const BAN_MIN_QUERY_LENGTH = 3;
const BAN_TIMEOUT_MS = 5000;

/** The part of the BAN's GeoJSON answer this adapter reads. */
const BanAnswerSchema = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.object({
        label: z.string(),
        city: z.string().optional(),
        postcode: z.string().optional(),
        citycode: z.string().optional(),
        context: z.string().optional(),
      }),
    }),
  ),
});

export interface BanGeocoderOptions {
  /** The service's base URL, without the trailing "/search" (config GEOCODER_BAN_URL). */
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/**
 * The Base Adresse Nationale over HTTP (GEOCODER=ban): street-level search, municipality-level
 * autocomplete, reverse geocoding to the nearest address. No key needed; network needed.
 */
export function createBanGeocoder(options: BanGeocoderOptions): Geocoder {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  async function call(
    endpoint: 'search' | 'reverse',
    params: Record<string, string>,
  ): Promise<GeoPlace[]> {
    const url = `${baseUrl}/${endpoint}?${new URLSearchParams(params).toString()}`;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? BAN_TIMEOUT_MS),
      });
    } catch (error) {
      throw new GeocoderUnavailableError(`BAN ${endpoint} unreachable`, { cause: error });
    }
    // 400 is the BAN's answer to a query it cannot read (too short, bad characters): no results.
    if (response.status === 400) return [];
    if (!response.ok) {
      throw new GeocoderUnavailableError(`BAN ${endpoint} answered ${response.status}`);
    }
    let answer: z.infer<typeof BanAnswerSchema>;
    try {
      answer = BanAnswerSchema.parse(await response.json());
    } catch (error) {
      throw new GeocoderUnavailableError(`BAN ${endpoint} gave an unexpected answer`, {
        cause: error,
      });
    }
    return answer.features.flatMap((feature) => {
      const { label, city, postcode, citycode, context } = feature.properties;
      if (!city || !postcode || !citycode) return [];
      const departmentCode = context?.split(',')[0]?.trim() || departmentCodeFromInsee(citycode);
      if (!departmentCode) return [];
      const [longitude, latitude] = feature.geometry.coordinates;
      return [
        {
          label,
          city,
          postalCode: postcode,
          inseeCode: citycode,
          departmentCode,
          latitude,
          longitude,
        },
      ];
    });
  }

  const limitParam = (limit: number | undefined) =>
    String(
      Math.min(
        Math.max(Math.trunc(limit ?? GEOCODER_DEFAULT_LIMIT), 1),
        GEO_AUTOCOMPLETE_MAX_RESULTS,
      ),
    );

  return {
    kind: 'ban',
    async autocomplete(prefix, { limit } = {}) {
      const q = prefix.trim();
      if (q.length < BAN_MIN_QUERY_LENGTH) return [];
      return call('search', {
        q,
        limit: limitParam(limit),
        autocomplete: '1',
        type: 'municipality',
      });
    },
    async forward(text, { limit } = {}) {
      const q = text.trim();
      if (q.length < BAN_MIN_QUERY_LENGTH) return [];
      return call('search', { q, limit: limitParam(limit), autocomplete: '0' });
    },
    async reverse(latitude, longitude) {
      const [nearest] = await call('reverse', {
        lat: String(latitude),
        lon: String(longitude),
        limit: '1',
      });
      return nearest ?? null;
    },
  };
}
